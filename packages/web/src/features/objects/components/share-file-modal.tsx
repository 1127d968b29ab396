/**
 * The Share File modal (spec 2 §2 "Object modals", §4, §5, §8, §9): 'Active until' with a switch
 * (off: the longest validity, 7 days; on: the chosen date at 23:59:59, refused with the spec's
 * messages when past or beyond 7 days), the read-only URL and Copy ('Share URL Copied to
 * clipboard'). The link is made when the modal opens and made again whenever the date changes or
 * the switch is toggled (spec 2 §4).
 *
 * Each link is a revocable credential (see the server's share service), so the modal also lists
 * the account's active links to this object ('Active links') with a revoke action each — the place
 * a link is taken back. A link that was never copied (Copy, or a copy from the URL field) is
 * revoked when it is replaced or the modal closes, so looking at the modal leaves nothing behind.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconLinkOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '@coffer/contract/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import {
  shareLinkId,
  shareLinksKey,
  useCreateShareLink,
  useRevokeShareLink,
  useShareLinks,
  type ShareTarget,
} from '../api/share-object.js';
import { displayName } from '../api/object-paths.js';
import { dateText, defaultShareDate, latestShareDate, shareValidity } from './share-form.js';

const ids = OBJECTS_TEST_IDS.share;

export interface ShareFileModalProps {
  opened: boolean;
  bucket: string;
  objectKey: string;
  /** The version to share; absent or null: the object as it is when the link is opened. */
  versionId?: string | null;
  onClose: () => void;
}

interface CurrentLink {
  url: string;
  id: string | undefined;
  copied: boolean;
}

export function ShareFileModal({ opened, bucket, objectKey, versionId, onClose }: ShareFileModalProps) {
  const { t } = useTranslation(['objects', 'common']);
  const target = useMemo<ShareTarget>(
    () => ({ bucket, key: objectKey, ...(versionId != null ? { versionId } : {}) }),
    [bucket, objectKey, versionId],
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('share.title')} size="lg" data-testid={ids.modal}>
      {opened && <ShareFileBody target={target} />}
    </Modal>
  );
}

function ShareFileBody({ target }: { target: ShareTarget }) {
  const { t } = useTranslation(['objects', 'common']);
  const format = useFormat();
  const notify = useNotify();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [opened] = useState(() => new Date());
  const [custom, setCustom] = useState(true);
  const [date, setDate] = useState(() => defaultShareDate(opened));
  const [current, setCurrent] = useState<CurrentLink | null>(null);
  const [generation, setGeneration] = useState(0);
  // The link on show, for the effects' callbacks (kept equal to `current` by `show`).
  const currentRef = useRef<CurrentLink | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);

  const create = useCreateShareLink(target);
  const revoke = useRevokeShareLink(target);
  const links = useShareLinks(target, true);
  const validity = custom ? shareValidity(date, new Date()) : null;
  const dateProblem = validity !== null && !validity.ok ? validity.problem : null;

  /** Revoke a link nobody copied (quietly: it was never handed out). */
  const dropUncopied = useCallback(
    (link: CurrentLink | null) => {
      if (link === null || link.copied || link.id === undefined) return;
      void client
        .call(ENDPOINTS.revokeShareLink, { params: { id: link.id } })
        .catch(() => undefined)
        .finally(() => void queryClient.invalidateQueries({ queryKey: shareLinksKey(target) }));
    },
    [client, queryClient, target],
  );
  const show = (link: CurrentLink | null) => {
    currentRef.current = link;
    setCurrent(link);
  };

  const { mutateAsync: createLink } = create;
  const requestMs = validity === null ? undefined : validity.ok ? validity.ms : null;
  // The link is made again whenever the date changes or the switch is toggled (spec 2 §4).
  useEffect(() => {
    if (requestMs === null) return;
    let cancelled = false;
    createLink(requestMs).then(
      (url) => {
        const made: CurrentLink = { url, id: shareLinkId(url), copied: false };
        if (cancelled) {
          dropUncopied(made);
          return;
        }
        dropUncopied(currentRef.current);
        show(made);
      },
      () => undefined, // shown from the mutation's error
    );
    return () => {
      cancelled = true;
    };
    // requestMs follows the date and the switch; `generation` asks for a new link by hand.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [custom, date, generation, createLink, dropUncopied]);

  // Closing the modal takes back a link that never left it.
  useEffect(() => () => dropUncopied(currentRef.current), [dropUncopied]);

  const markCopied = () => {
    if (currentRef.current !== null) show({ ...currentRef.current, copied: true });
  };
  const copy = async () => {
    if (current === null) return;
    markCopied();
    try {
      await navigator.clipboard.writeText(current.url);
      notify.success(t('share.copied'));
    } catch {
      // No clipboard (an insecure page, a refused permission): leave the URL selected to copy by hand.
      urlRef.current?.select();
    }
  };

  const revokeLink = (id: string) => {
    revoke.mutate(id, {
      onSuccess: () => {
        notify.success(t('share.revoked'));
        if (currentRef.current?.id === id) show(null);
      },
    });
  };

  const active = links.data ?? [];
  return (
    <Stack>
      <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
        {displayName(target.key)}
      </Text>
      <Switch
        label={t('share.activeUntil')}
        description={custom ? undefined : t('share.defaultValidity')}
        checked={custom}
        onChange={(e) => setCustom(e.currentTarget.checked)}
        data-testid={ids.switch}
      />
      <TextInput
        type="date"
        aria-label={t('share.activeUntilDate')}
        value={date}
        min={dateText(opened)}
        max={latestShareDate(opened)}
        disabled={!custom}
        onChange={(e) => setDate(e.currentTarget.value)}
        error={
          dateProblem === null ? undefined : (
            <span data-testid={ids.dateError}>
              {t(dateProblem === 'invalid' ? 'share.invalidDate' : `share.${dateProblem}`)}
            </span>
          )
        }
        data-testid={ids.date}
      />
      <TextInput
        ref={urlRef}
        label={t('share.url')}
        value={current?.url ?? ''}
        placeholder={create.isPending ? t('share.generating') : undefined}
        readOnly
        onCopy={markCopied}
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid={ids.url}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed" maw={420}>
          {t('share.note')}
        </Text>
        {current === null && !create.isPending && dateProblem === null ? (
          <Button variant="default" onClick={() => setGeneration((g) => g + 1)}>
            {t('share.newLink')}
          </Button>
        ) : (
          <Button
            leftSection={<IconCopy size={16} aria-hidden="true" />}
            disabled={current === null}
            onClick={() => void copy()}
            data-testid={ids.copy}
          >
            {t('common:actions.copy')}
          </Button>
        )}
      </Group>
      <ModalError error={create.error} testId={ids.error} />
      <ModalError error={revoke.error} testId={ids.error} />
      <div data-testid={ids.links}>
        <Text size="sm" fw={600} mb={4} component="h3">
          {t('share.activeLinks')}
        </Text>
        {links.isError ? (
          <Alert color="red" role="alert">
            {links.error.message}
          </Alert>
        ) : active.length === 0 ? (
          <Text size="sm" c="dimmed">
            {links.isPending ? t('common:loading') : t('share.noActiveLinks')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {active.map((link) => {
              const until = format.date(link.expires_at);
              return (
                <Group key={link.id} component="li" justify="space-between" data-testid={ids.link(link.id)}>
                  <Text size="sm">
                    {t('share.linkUntil', { date: until })}
                    {link.id === current?.id ? ` (${t('share.thisLink')})` : ''}
                  </Text>
                  <Tooltip label={t('share.revoke', { date: until })}>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={t('share.revoke', { date: until })}
                      loading={revoke.isPending && revoke.variables === link.id}
                      onClick={() => revokeLink(link.id)}
                      data-testid={ids.revoke(link.id)}
                    >
                      <IconLinkOff size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            })}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
