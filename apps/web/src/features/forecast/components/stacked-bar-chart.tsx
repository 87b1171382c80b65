import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FORECAST_CHART_HEIGHT, type ForecastView } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { formatPeso } from '../../../lib/format.ts';
import {
  moveBar,
  niceTicks,
  stackYear,
  type BarPosition,
  type StackedYear,
} from '../lib/chart-math.ts';

const MARGIN = { top: 16, right: 24, bottom: 70, left: 112 };
const WHISKER = '#1f1f1f';

/** Width and height of an element, following resizes (a fixed fallback where none is measured). */
function useSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 960, height: 480 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') {
      return undefined;
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0 && entry.contentRect.height > 0) {
        setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, []);
  return { ref, size };
}

/** The year's breakdown beside its bar (left of it in the right half, so it never covers it). */
function Tooltip({
  year,
  left,
  flip,
  current,
}: {
  year: StackedYear;
  left: number;
  flip: boolean;
  /** The series of the bar segment that has the keyboard focus, shown in bold. */
  current: string | undefined;
}) {
  const t = useT();
  return (
    <Paper
      elevation={4}
      role="status"
      sx={{
        position: 'absolute',
        top: 8,
        left,
        transform: flip ? 'translateX(calc(-100% - 48px))' : 'translateX(48px)',
        p: 1.5,
        minWidth: 260,
        pointerEvents: 'none',
        zIndex: 2,
        fontSize: 13,
      }}
    >
      <Typography sx={{ fontWeight: 700, fontSize: 14 }}>
        {year.forecast ? t('forecast.yearForecast', { year: year.label }) : year.label}
      </Typography>
      {year.segments
        .filter((s) => s.value > 0)
        .map((s) => (
          <Box
            key={s.name}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              fontWeight: s.name === current ? 700 : 400,
            }}
          >
            <Box sx={{ width: 10, height: 10, bgcolor: s.color, flexShrink: 0 }} />
            <span>
              {t('forecast.chart.seriesValue', { name: s.name, value: formatPeso(s.value) })}
            </span>
          </Box>
        ))}
      <Typography sx={{ fontWeight: 700, fontSize: 13, mt: 0.5 }}>
        {t('forecast.chart.total', { total: formatPeso(year.total) })}
      </Typography>
      {year.range ? (
        <>
          <div>
            {t('forecast.chart.range80', {
              lower: formatPeso(year.range.lower80),
              upper: formatPeso(year.range.upper80),
            })}
          </div>
          <div>
            {t('forecast.chart.range95', {
              lower: formatPeso(year.range.lower95),
              upper: formatPeso(year.range.upper95),
            })}
          </div>
        </>
      ) : null}
    </Paper>
  );
}

/** Keys that move between bars; the page must not scroll on them while a bar has focus. */
const BAR_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

const barKey = (at: BarPosition) => `${String(at.year)}:${String(at.segment)}`;

/** What a screen reader says on a bar segment: year, series and amount. */
const barLabel = (t: ReturnType<typeof useT>, year: StackedYear, series: string, value: number) =>
  t('forecast.chart.barLabel', {
    year: year.forecast ? t('forecast.yearForecast', { year: year.label }) : year.label,
    name: series,
    value: formatPeso(value),
  });

/**
 * Spec part 2 section 2: a stacked bar chart of budget per year, 600 px tall, peso ticks, year
 * labels with 'Total: ₱{sum}', legend at the bottom, no data labels. Forecast years are lighter
 * and hatched, with whiskers for the total's 80% (thick) and 95% (thin) ranges. Plain SVG.
 *
 * The year's tooltip opens on hover, and on keyboard focus: Tab reaches one bar segment (the last
 * one focused), the arrow keys, Home and End move between segments, Escape hides the tooltip.
 */
export function StackedBarChart({ view, title }: { view: ForecastView; title: string }) {
  const t = useT();
  const { ref, size } = useSize<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const [focused, setFocused] = useState<BarPosition | null>(null);
  const [place, setPlace] = useState<BarPosition>({ year: 0, segment: 0 });
  const [dismissed, setDismissed] = useState(false);
  // The tooltip follows whichever moved last, the pointer or the keyboard focus.
  const [lastMoved, setLastMoved] = useState<'pointer' | 'focus'>('pointer');
  const bars = useRef(new Map<string, SVGRectElement>());
  const hatchId = `hatch-${useId().replace(/:/g, '')}`;
  const titleId = `${hatchId}-title`;
  const hintId = `${hatchId}-hint`;
  const years = view.budget_data.map((entry) => stackYear(view, entry));
  const top = Math.max(1, ...years.map((y) => Math.max(y.total, y.range?.upper95 ?? 0)));
  const ticks = niceTicks(top);
  const yMax = ticks.at(-1) ?? top;
  const plotW = Math.max(100, size.width - MARGIN.left - MARGIN.right);
  const plotH = Math.max(100, size.height - MARGIN.top - MARGIN.bottom);
  const band = plotW / Math.max(1, years.length);
  const barW = Math.min(72, band * 0.62);
  const y = (v: number) => MARGIN.top + plotH - (v / yMax) * plotH;
  const cx = (i: number) => MARGIN.left + band * i + band / 2;
  // Each drawn segment's top and height, bottom of the stack first (null: not drawn).
  const layout = years.map((year) => {
    let base = 0;
    return year.segments.map((segment) => {
      if (segment.value <= 0) {
        return null;
      }
      const y0 = y(base);
      base += segment.value;
      const y1 = y(base);
      return { top: y1, height: Math.max(0, y0 - y1) };
    });
  });
  const drawn = layout.map((segments) => segments.flatMap((at, i) => (at ? [i] : [])));
  // The one segment Tab reaches: the last one focused while it is still drawn, else the first.
  const tabStop = drawn[place.year]?.includes(place.segment)
    ? place
    : moveBar(drawn, { year: 0, segment: 0 }, 'Home');
  const [first, second] = lastMoved === 'focus' ? [focused?.year, hover] : [hover, focused?.year];
  const shown = dismissed ? null : (first ?? second ?? null);
  const shownYear = shown === null ? undefined : years[shown];
  const focusRing = focused ? layout[focused.year]?.[focused.segment] : null;
  // Shrink the total labels on narrow screens so neighbouring years never overlap (~0.6 em/char).
  const longest = Math.max(...years.map((yr) => formatPeso(yr.total).length));
  const labelSize = Math.max(7, Math.min(10.5, (band - 6) / (longest * 0.6)));
  const forecastLabelSize = Math.max(7, Math.min(10.5, (band - 6) / ('forecast'.length * 0.6)));

  const onBarKey = (event: KeyboardEvent<SVGRectElement>, from: BarPosition) => {
    if (event.key === 'Escape') {
      setDismissed(true);
      return;
    }
    if (!BAR_KEYS.has(event.key)) {
      return;
    }
    event.preventDefault();
    const to = moveBar(drawn, from, event.key);
    if (to) {
      bars.current.get(barKey(to))?.focus();
    }
  };

  return (
    <Box
      sx={{ height: FORECAST_CHART_HEIGHT, display: 'flex', flexDirection: 'column' }}
      data-testid="forecast-chart"
    >
      <Typography id={titleId} variant="h6" component="h2" sx={{ textAlign: 'center', mb: 1 }}>
        {title}
      </Typography>
      <Box ref={ref} sx={{ flex: 1, minHeight: 0, position: 'relative' }}>
        <svg
          width={size.width}
          height={size.height}
          role="group"
          aria-labelledby={titleId}
          aria-describedby={hintId}
          style={{ display: 'block', fontFamily: 'inherit' }}
          onMouseLeave={() => {
            setHover(null);
          }}
        >
          <desc id={hintId}>{t('forecast.chart.keysHint')}</desc>
          <defs>
            <pattern
              id={hatchId}
              width="8"
              height="8"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <line x1="0" y1="0" x2="0" y2="8" stroke="#ffffff" strokeWidth="3" opacity="0.7" />
            </pattern>
          </defs>
          {/* The axes are read from the bars' own labels (and the data table below). */}
          <g aria-hidden="true">
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={MARGIN.left}
                  x2={MARGIN.left + plotW}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke="#e0e0e0"
                />
                <text
                  x={MARGIN.left - 8}
                  y={y(tick)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fontSize="11"
                  fill="#424242"
                >
                  {formatPeso(tick)}
                </text>
              </g>
            ))}
            <text
              transform={`translate(16 ${MARGIN.top + plotH / 2}) rotate(-90)`}
              textAnchor="middle"
              fontSize="12"
              fontWeight="600"
              fill="#212121"
            >
              {t('forecast.chart.yAxis')}
            </text>
            <line x1={MARGIN.left} x2={MARGIN.left + plotW} y1={y(0)} y2={y(0)} stroke="#757575" />
          </g>
          {years.map((year, i) => {
            const x = cx(i) - barW / 2;
            return (
              <g key={year.label} data-year={year.label} data-forecast={year.forecast}>
                {year.segments.map((segment, s) => {
                  const at = layout[i]?.[s];
                  if (!at) {
                    return null;
                  }
                  const position = { year: i, segment: s };
                  return (
                    <g key={segment.name}>
                      <rect
                        ref={(element) => {
                          if (element) {
                            bars.current.set(barKey(position), element);
                          } else {
                            bars.current.delete(barKey(position));
                          }
                        }}
                        role="img"
                        aria-label={barLabel(t, year, segment.name, segment.value)}
                        tabIndex={tabStop?.year === i && tabStop.segment === s ? 0 : -1}
                        style={{ outline: 'none' }}
                        onFocus={() => {
                          setFocused(position);
                          setPlace(position);
                          setLastMoved('focus');
                          setDismissed(false);
                        }}
                        onBlur={() => {
                          setFocused(null);
                        }}
                        onKeyDown={(event) => {
                          onBarKey(event, position);
                        }}
                        x={x}
                        y={at.top}
                        width={barW}
                        height={at.height}
                        fill={segment.color}
                        fillOpacity={year.forecast ? 0.55 : 1}
                        stroke={year.forecast ? segment.color : 'none'}
                      />
                      {year.forecast ? (
                        <rect
                          x={x}
                          y={at.top}
                          width={barW}
                          height={at.height}
                          fill={`url(#${hatchId})`}
                          aria-hidden="true"
                        />
                      ) : null}
                    </g>
                  );
                })}
                {year.range ? (
                  <g data-testid={`range-${year.label}`} stroke={WHISKER} aria-hidden="true">
                    <line
                      x1={cx(i)}
                      x2={cx(i)}
                      y1={y(year.range.lower95)}
                      y2={y(year.range.upper95)}
                      strokeWidth="1.5"
                    />
                    {[year.range.lower95, year.range.upper95].map((v) => (
                      <line
                        key={v}
                        x1={cx(i) - 7}
                        x2={cx(i) + 7}
                        y1={y(v)}
                        y2={y(v)}
                        strokeWidth="1.5"
                      />
                    ))}
                    <rect
                      x={cx(i) - 3}
                      y={y(year.range.upper80)}
                      width="6"
                      height={Math.max(1, y(year.range.lower80) - y(year.range.upper80))}
                      fill={WHISKER}
                      stroke="none"
                    />
                  </g>
                ) : null}
                <g aria-hidden="true">
                  <text x={cx(i)} y={y(0) + 16} textAnchor="middle" fontSize="12" fontWeight="700">
                    {year.label}
                  </text>
                  {year.total > 0 ? (
                    // One label, 'Total: ₱{sum}', set on two lines to fit under its bar.
                    <text
                      x={cx(i)}
                      y={y(0) + 30}
                      textAnchor="middle"
                      fontSize={labelSize}
                      fill="#424242"
                    >
                      <tspan x={cx(i)}>{t('forecast.chart.totalLabel')} </tspan>
                      <tspan x={cx(i)} dy="13">
                        {formatPeso(year.total)}
                      </tspan>
                    </text>
                  ) : null}
                  {year.forecast ? (
                    <text
                      x={cx(i)}
                      y={y(0) + 57}
                      textAnchor="middle"
                      fontSize={forecastLabelSize}
                      fontStyle="italic"
                      fill="#424242"
                    >
                      {t('forecast.chart.forecastMark')}
                    </text>
                  ) : null}
                  <rect
                    x={MARGIN.left + band * i}
                    y={MARGIN.top}
                    width={band}
                    height={plotH}
                    fill="transparent"
                    onMouseEnter={() => {
                      setHover(i);
                      setLastMoved('pointer');
                      setDismissed(false);
                    }}
                  />
                </g>
              </g>
            );
          })}
          {focused && focusRing ? (
            // The focused segment, ringed dark on light so it shows on every series colour.
            <g aria-hidden="true" fill="none" pointerEvents="none">
              <rect
                x={cx(focused.year) - barW / 2 - 2}
                y={focusRing.top - 2}
                width={barW + 4}
                height={focusRing.height + 4}
                stroke="#ffffff"
                strokeWidth="4"
              />
              <rect
                x={cx(focused.year) - barW / 2 - 2}
                y={focusRing.top - 2}
                width={barW + 4}
                height={focusRing.height + 4}
                stroke={WHISKER}
                strokeWidth="2"
              />
            </g>
          ) : null}
        </svg>
        {shownYear && shown !== null ? (
          <Tooltip
            year={shownYear}
            left={cx(shown)}
            flip={shown >= years.length / 2}
            current={
              focused?.year === shown ? shownYear.segments[focused.segment]?.name : undefined
            }
          />
        ) : null}
      </Box>
      <Box
        component="ul"
        aria-label={t('forecast.chart.legend')}
        sx={{
          listStyle: 'none',
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: '4px 16px',
          m: 0,
          mt: 1,
          p: 0,
          fontSize: 13,
        }}
      >
        {view.committees.map((name, i) => (
          <Box component="li" key={name} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              sx={{
                width: 12,
                height: 12,
                bgcolor: view.colors[i % view.colors.length],
                borderRadius: 0.5,
              }}
            />
            {name}
          </Box>
        ))}
        {view.forecast_years.length > 0 ? (
          <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <svg width="22" height="14" aria-hidden="true">
              <rect x="0" y="1" width="12" height="12" fill="#0072B2" fillOpacity="0.55" />
              <rect x="0" y="1" width="12" height="12" fill={`url(#${hatchId})`} />
              <line x1="17" x2="17" y1="0" y2="14" stroke={WHISKER} strokeWidth="1.5" />
              <rect x="15.5" y="3" width="3" height="8" fill={WHISKER} />
            </svg>
            {t('forecast.chart.legendForecast')}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
