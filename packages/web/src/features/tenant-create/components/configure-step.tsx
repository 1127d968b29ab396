/**
 * Configure (advanced; spec 3 §3 "configure", §5 "Configure page"): custom images, a custom image
 * registry, exposing the MinIO and console services, and the log search and Prometheus volume
 * overrides (a storage class and a whole number of Gi, default 5).
 */
import {
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TENANT_CREATE_IDS } from '../test-ids.js';
import type { ConfigureForm } from '../model/form.js';
import type { StepProblems } from '../model/rules.js';
import { useFieldErrors } from './use-field-errors.js';

const ids = TENANT_CREATE_IDS;

const IMAGE_FIELDS = [
  'imageName',
  'consoleImage',
  'logSearchImage',
  'kesImage',
  'logSearchPostgresImage',
  'prometheusImage',
] as const;

const REGISTRY_FIELDS = ['imageRegistry', 'imageRegistryUsername'] as const;
type TextField = (typeof IMAGE_FIELDS)[number] | (typeof REGISTRY_FIELDS)[number];

const TOGGLES = [
  'customImage',
  'customDockerhub',
  'exposeMinIO',
  'exposeConsole',
  'logSearchCustom',
  'prometheusCustom',
] as const;
type Toggle = (typeof TOGGLES)[number];

export function ConfigureStep({
  value,
  onChange,
  problems,
  storageClasses,
}: {
  value: ConfigureForm;
  onChange: (patch: Partial<ConfigureForm>) => void;
  problems: StepProblems;
  storageClasses: readonly string[];
}) {
  const { t } = useTranslation('tenantCreate');
  const { error, touch } = useFieldErrors(problems);
  const text = (field: TextField) => ({
    label: t(`configure.${field}`),
    value: value[field],
    onChange: (e: { currentTarget: { value: string } }) => {
      touch(field);
      onChange({ [field]: e.currentTarget.value });
    },
    onBlur: () => touch(field),
    error: error(field),
    'data-testid': ids.field(field),
  });
  const toggle = (field: Toggle) => ({
    label: t(`configure.${field}`),
    checked: value[field],
    onChange: (e: { currentTarget: { checked: boolean } }) => onChange({ [field]: e.currentTarget.checked }),
    'data-testid': ids.field(field),
  });
  const classes = storageClasses.map((name) => ({ value: name, label: name }));
  const override = (prefix: 'logSearch' | 'prometheus') => {
    const classField = `${prefix}SelectedStorageClass` as const;
    const sizeField = `${prefix}VolumeSize` as const;
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t(`configure.${classField}`)}
          required
          data={classes}
          value={value[classField] === '' ? null : value[classField]}
          onChange={(selected) => {
            touch(classField);
            onChange({ [classField]: selected ?? '' });
          }}
          error={error(classField)}
          data-testid={ids.field(classField)}
        />
        <NumberInput
          label={t(`configure.${sizeField}`)}
          required
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={value[sizeField]}
          onChange={(size) => {
            touch(sizeField);
            onChange({ [sizeField]: String(size) });
          }}
          error={error(sizeField)}
          data-testid={ids.field(sizeField)}
        />
      </SimpleGrid>
    );
  };

  const switches = Object.fromEntries(TOGGLES.map((field) => [field, toggle(field)])) as Record<
    Toggle,
    ReturnType<typeof toggle>
  >;
  const logSearchOverride = override('logSearch');
  const prometheusOverride = override('prometheus');
  const passwordError = error('imageRegistryPassword');

  return (
    <Stack gap="sm">
      <Text size="sm">{t('configure.intro')}</Text>
      <Title order={3} size="h5">
        {t('configure.images')}
      </Title>
      <Switch {...switches.customImage} />
      {value.customImage && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {IMAGE_FIELDS.map((field) => (
            <TextInput key={field} {...text(field)} />
          ))}
        </SimpleGrid>
      )}
      <Switch {...switches.customDockerhub} />
      {value.customDockerhub && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {REGISTRY_FIELDS.map((field) => (
            <TextInput key={field} required {...text(field)} />
          ))}
          <PasswordInput
            required
            label={t('configure.imageRegistryPassword')}
            value={value.imageRegistryPassword}
            onChange={(e) => {
              touch('imageRegistryPassword');
              onChange({ imageRegistryPassword: e.currentTarget.value });
            }}
            error={passwordError}
            data-testid={ids.field('imageRegistryPassword')}
          />
        </SimpleGrid>
      )}
      <Title order={3} size="h5">
        {t('configure.expose')}
      </Title>
      <Switch {...switches.exposeMinIO} />
      <Switch {...switches.exposeConsole} />
      <Switch {...switches.logSearchCustom} />
      {value.logSearchCustom && logSearchOverride}
      <Switch {...switches.prometheusCustom} />
      {value.prometheusCustom && prometheusOverride}
    </Stack>
  );
}
