/**
 * help-config-kv's answer, madmin's `Help` document: `{subSys, description, multipleTargets,
 * keysHelp: [{key, description, optional, type, multipleTargets}]}` — exactly these fields, as
 * madmin decodes it with unknown fields refused. No sub-system: the list of sub-systems (each as a
 * keysHelp entry). A key: that key's entry only.
 */
import { ConfigInvalid } from './errors.js';
import { subsystemDef, SUBSYSTEMS } from './subsystems.js';

export interface HelpKey {
  key: string;
  description: string;
  optional: boolean;
  type: string;
  multipleTargets: boolean;
}

export interface HelpDoc {
  subSys: string;
  description: string;
  multipleTargets: boolean;
  keysHelp: HelpKey[];
}

/** The help document for `subSys` (and `key`), or ConfigInvalid for an unknown one. */
export function configHelp(subSys: string, key = ''): HelpDoc {
  if (subSys === '') {
    return {
      subSys: '',
      description: '',
      multipleTargets: false,
      keysHelp: SUBSYSTEMS.map((def) => ({
        key: def.name,
        description: def.description,
        optional: false,
        type: '',
        multipleTargets: def.multipleTargets,
      })),
    };
  }
  const def = subsystemDef(subSys);
  if (def === undefined) throw new ConfigInvalid(`unknown sub-system ${subSys}`);
  const keys = def.fields
    // MinIO lists `enable` only where it is an ordinary key (compression), not a target's switch.
    .filter((f) => f.deprecated !== true && !(def.hasEnable && f.key === 'enable'))
    .map((f) => ({
      key: f.key,
      description: f.description,
      optional: f.optional,
      type: f.type,
      multipleTargets: false,
    }));
  const picked = key === '' ? keys : keys.filter((k) => k.key === key);
  if (key !== '' && picked.length === 0)
    throw new ConfigInvalid(`unknown key ${key} for sub-system ${subSys}`);
  return {
    subSys: def.name,
    description: def.description,
    multipleTargets: def.multipleTargets,
    keysHelp: picked,
  };
}
