import Box from '@mui/material/Box';

/** The product's mark: a horizon arc over a rising sun ("tanaw": to look ahead). */
export function BrandMark({ size = 34 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0 }}
    >
      <rect width="64" height="64" rx="14" fill="#1f4fbf" />
      <path
        d="M12 38c8-14 32-14 40 0"
        fill="none"
        stroke="#f5b301"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <circle cx="32" cy="36" r="7" fill="#f5b301" />
    </Box>
  );
}
