// The theme's one colour (issue 26 point 5): the admin picks the primary colour; the ten primary
// shades are made from it (common/theme-shades.ts) and shown; white text on the shade buttons use
// (primary_600) is checked against WCAG AA, and a darker colour of the same hue is offered.
import { Alert, Button, ColorInput, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { COLOR_SCALE_STEPS, HEX_COLOR, type ThemeColorKey } from '#common/theme-defaults.ts';
import {
  contrastRatio,
  darkerForWhiteText,
  MIN_TEXT_CONTRAST,
  PICKED_COLOR_STEP,
  shadesFrom,
  whiteTextReadableOn,
} from '#common/theme-shades.ts';
import { language, t } from '#web/i18n/index.ts';

const PICKED_KEY = `primary_${PICKED_COLOR_STEP}` as const;
const ratioFormat = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });

/** The primary_50…primary_900 fields made from one colour. */
function primaryShades(picked: string): Partial<Record<ThemeColorKey, string>> {
  const shades = shadesFrom(picked);
  return Object.fromEntries(COLOR_SCALE_STEPS.map((step) => [`primary_${step}`, shades[step]]));
}

export function PrimaryColorPicker({
  colors,
  onShades,
}: {
  colors: Partial<Record<ThemeColorKey, string>>;
  onShades: (shades: Partial<Record<ThemeColorKey, string>>) => void;
}) {
  const picked = colors[PICKED_KEY] ?? '';
  // What is typed stays in the field while it is not yet a colour ('#ff'); the shades follow
  // once it is. A colour set from elsewhere (the suggestion, 'Nâng cao') shows here.
  const [typed, setTyped] = useState(picked);
  // The colour this field itself last set ('#fff' typed sets '#ffffff': the typing goes on).
  const ownColor = useRef(picked);
  useEffect(() => {
    if (picked !== ownColor.current) setTyped(picked);
  }, [picked]);
  const valid = HEX_COLOR.test(picked);
  // The check reads the field itself, so a shade typed under 'Nâng cao' is checked too.
  const readable = !valid || whiteTextReadableOn(picked);
  const suggestion = valid && !readable ? darkerForWhiteText(picked) : null;
  const pick = (value: string) => {
    setTyped(value);
    if (!HEX_COLOR.test(value)) return;
    const shades = primaryShades(value);
    ownColor.current = shades[PICKED_KEY] ?? value;
    onShades(shades);
  };

  return (
    <Stack gap="xs">
      <ColorInput
        label={t('themes.primaryColor')}
        description={t('themes.primaryColorHint')}
        format="hex"
        value={typed}
        onChange={pick}
        withEyeDropper={false}
      />
      <Text size="sm" fw={500} id="generated-shades">
        {t('themes.generatedShades')}
      </Text>
      <Group gap={6} role="list" aria-labelledby="generated-shades">
        {COLOR_SCALE_STEPS.map((step) => {
          const color = colors[`primary_${step}`] ?? '';
          return (
            <Stack
              key={step}
              gap={2}
              align="center"
              role="listitem"
              aria-label={`${step} ${color}`}
            >
              <ColorSwatch color={color} size={28} aria-hidden />
              <Text size="xs" c="dimmed" aria-hidden>
                {step}
              </Text>
            </Stack>
          );
        })}
      </Group>
      {suggestion && (
        <Alert
          color="warning"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('themes.lowContrastTitle')}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('themes.lowContrast', {
                ratio: ratioFormat.format(contrastRatio('#ffffff', picked)),
                minimum: ratioFormat.format(MIN_TEXT_CONTRAST),
              })}
            </Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<ColorSwatch color={suggestion} size={14} aria-hidden />}
              onClick={() => onShades(primaryShades(suggestion))}
            >
              {t('themes.useDarker', { color: suggestion })}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
