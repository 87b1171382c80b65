// What the plan and tracker benchmarks share: timing, and a 200-line plan of a real ABYIP's shape.
import { PYDP_CENTRES, type PlanLineInput } from '@sk-tanaw/contract';
import type { FastifyInstance } from 'fastify';

export const LINES = 200;

export interface Measured {
  wall: number;
  cpu: number;
}

export const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
};

/** Wall time and this process's CPU time (user + system) of `work`, in ms. */
export async function measure(work: () => Promise<void>): Promise<Measured> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await work();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** 200 lines across every centre and both programs, with texts of a real ABYIP's length. */
export function lines(year: number, salt: number): PlanLineInput[] {
  return Array.from({ length: LINES }, (_, i) => {
    const centre = PYDP_CENTRES[i % PYDP_CENTRES.length] ?? 'Health';
    const gap = i % 25 === 0;
    return {
      program: gap ? 'GAP' : 'YDEP',
      centre: gap ? null : centre,
      ppa: `${centre} youth activity ${String(i + 1)}`,
      description: `Sessions, materials and logistics of the ${centre.toLowerCase()} activity number ${String(i + 1)} for the youth of the barangay in ${String(year)}.`,
      expectedResult: 'Youth reached and outputs delivered as planned',
      performanceIndicator: `${String(20 + (i % 30))} participants; attendance sheets and photos`,
      startMonth: 1 + (i % 6),
      endMonth: 7 + (i % 6),
      responsible: `Committee on ${centre}`,
      ps: 0,
      mooe: 10_000 + ((i * 37 + salt) % 50) * 100 + 0.25,
      co: i % 10 === 0 ? 5_000 : 0,
      training: i === 0,
    };
  });
}

export async function signIn(app: FastifyInstance): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: 'sb.chair', password: 'Tanaw#2025', barangay: 'San Bartolome' },
  });
  const token = login.json<{ token: string }>().token;
  const cookie = login.cookies.find((c) => c.name === 'tanaw_fp');
  return { authorization: `Bearer ${token}`, cookie: `tanaw_fp=${cookie?.value ?? ''}` };
}
