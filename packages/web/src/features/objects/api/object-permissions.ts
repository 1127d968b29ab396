/**
 * What the account may do in the folder it is browsing, asked of the server once per bucket and
 * prefix (POST /has-permission with the prefix, so a policy on `bucket/folder/*` counts): the
 * toolbar offers Upload, Create Folder and Delete Selected only where the server would not refuse.
 * Until the answer arrives — or when asking fails — the actions count as not allowed.
 */
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { hasPermissionQuery } from '../../../shared/api/has-permission.js';

export interface ObjectPermissions {
  /** s3:PutObject under the prefix: Upload, and Create Folder (a folder exists once a file is put in it). */
  put: boolean;
  /** s3:DeleteObject under the prefix: Delete Selected. */
  delete: boolean;
}

export function useObjectPermissions(bucket: string, prefix: string): ObjectPermissions {
  const { data } = useQuery({
    ...hasPermissionQuery(useApiClient(), [
      { id: 'put', action: 's3:PutObject', bucket_name: bucket, prefix },
      { id: 'delete', action: 's3:DeleteObject', bucket_name: bucket, prefix },
    ]),
    meta: { silent: true },
  });
  return { put: data?.put === true, delete: data?.delete === true };
}
