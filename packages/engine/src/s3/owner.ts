/**
 * The owner every listing and ACL shows. MinIO has no per-bucket owners and always answers with
 * one constant (wire doc §5.2, `globalMinioDefaultOwnerID`).
 */
import type { XmlObject } from '../http/xml.js';

export const OWNER_ID = '02d6176db174dc93cb1b899f7c6078f08654445fe8cf1b6ce98d8855f66bdbf4';
export const OWNER_DISPLAY_NAME = 'minio';

/** `<ID>…</ID><DisplayName>…</DisplayName>` for Owner / Initiator elements. */
export function ownerXml(): XmlObject {
  return { ID: OWNER_ID, DisplayName: OWNER_DISPLAY_NAME };
}
