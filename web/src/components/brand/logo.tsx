import { Group, Text } from '@mantine/core';

/** The product's mark: a shield with a tick, in the brand colour. */
export function LogoMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-hidden="true">
      <path
        d="M16 2 4 6.5v8.2C4 22.3 9.1 28.2 16 30c6.9-1.8 12-7.7 12-15.3V6.5Z"
        fill={inverted ? '#fff' : '#006e66'}
      />
      <path d="M16 2v28c6.9-1.8 12-7.7 12-15.3V6.5Z" fill={inverted ? '#e6f5f3' : '#005f58'} />
      <path
        d="m10.5 16.2 3.8 3.8 7.4-7.6"
        fill="none"
        stroke={inverted ? '#006e66' : '#fff'}
        strokeWidth="2.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Mark and word mark; `inverted` for dark backgrounds. The words are its text for screen readers
 * too (the mark is decoration).
 */
export function Logo({ inverted = false, size = 32 }: { inverted?: boolean; size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} inverted={inverted} />
      <div style={{ lineHeight: 1.05 }}>
        <Text
          fw={750}
          fz={size * 0.6}
          c={inverted ? 'white' : 'dark.8'}
          lh={1.05}
          style={{ letterSpacing: -0.3 }}
        >
          Connect
        </Text>{' '}
        <Text fz={size * 0.33} c={inverted ? 'brand.1' : 'dimmed'} fw={500} lh={1.2} tt="uppercase" lts={0.8}>
          Practice accreditation
        </Text>
      </div>
    </Group>
  );
}
