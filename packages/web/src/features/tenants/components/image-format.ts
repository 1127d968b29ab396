/**
 * Image names (spec 3 §5 Configure page and the update dialog): repository/name:tag, e.g.
 * 'minio/minio:RELEASE.2021-10-06T23-36-31Z' or 'registry.local:5000/minio/minio:v1'. The update
 * dialog also accepts an empty field (the server then keeps or picks the image).
 */
const IMAGE = /^[^\s/]+(\/[^\s/:]+)+:[^\s/:]+$/;

export function isImageOrEmpty(value: string): boolean {
  return value === '' || IMAGE.test(value);
}
