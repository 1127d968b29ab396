/**
 * Add Pool, opened by 'Expand Tenant' (spec 3 §2 Pools, §4, §7): servers, volumes per server, the
 * volume size in Gi and the storage class (the first pool's by default). A failed add stops the
 * spinner (spec 3 §8); the server's refusal is kept in the dialog so it is not lost.
 */
import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useAddPool } from '../api/pools.js';
import type { TenantPool, TenantRef } from '../api/types.js';
import { addPoolRequest } from './pool-maths.js';

const ids = OPERATOR_TEST_IDS.addPool;

export interface AddPoolModalProps {
  tenant: TenantRef;
  pools: readonly TenantPool[];
  opened: boolean;
  onClose: () => void;
}

export function AddPoolModal(props: AddPoolModalProps) {
  const { t } = useTranslation('tenants');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('pools.add.title')} data-testid={ids.modal}>
      {props.opened && <AddPoolForm {...props} />}
    </Modal>
  );
}

const whole = (value: string | number): number => (typeof value === 'number' ? value : Number.NaN);

function AddPoolForm({ tenant, pools, onClose }: AddPoolModalProps) {
  const { t } = useTranslation(['tenants', 'common']);
  const first = pools[0];
  const [servers, setServers] = useState<number>(first?.servers ?? 4);
  const [volumes, setVolumes] = useState<number>(first?.volumes_per_server ?? 1);
  const [sizeGi, setSizeGi] = useState<number>(
    first === undefined ? 100 : Math.max(1, Math.round(first.volume_configuration.size / 1073741824)),
  );
  const [storageClass, setStorageClass] = useState(first?.volume_configuration.storage_class_name ?? '');
  const add = useAddPool(tenant);
  const notify = useNotify();
  const valid = (n: number) => Number.isInteger(n) && n >= 1;
  const canSave = valid(servers) && valid(volumes) && valid(sizeGi) && !add.isPending;
  const positive = (n: number) => (valid(n) ? undefined : t('pools.add.mustBePositive'));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSave) return;
        const body = addPoolRequest(tenant.name, pools, {
          servers,
          volumesPerServer: volumes,
          sizeGi,
          storageClass,
        });
        add.mutate(body, {
          onSuccess: () => {
            notify.success(t('pools.add.added', { name: body.name }));
            onClose();
          },
        });
      }}
    >
      <Stack>
        <ModalError error={add.error} testId={ids.error} />
        <NumberInput
          label={t('pools.add.servers')}
          value={servers}
          onChange={(v) => setServers(whole(v))}
          min={1}
          allowDecimal={false}
          error={positive(servers)}
          data-testid={ids.servers}
        />
        <NumberInput
          label={t('pools.add.volumesPerServer')}
          value={volumes}
          onChange={(v) => setVolumes(whole(v))}
          min={1}
          allowDecimal={false}
          error={positive(volumes)}
          data-testid={ids.volumes}
        />
        <NumberInput
          label={t('pools.add.size')}
          value={sizeGi}
          onChange={(v) => setSizeGi(whole(v))}
          min={1}
          allowDecimal={false}
          error={positive(sizeGi)}
          data-testid={ids.size}
        />
        <TextInput
          label={t('pools.add.storageClass')}
          value={storageClass}
          onChange={(e) => setStorageClass(e.currentTarget.value)}
          data-testid={ids.storageClass}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={!canSave} loading={add.isPending} data-testid={ids.save}>
            {t('pools.add.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
