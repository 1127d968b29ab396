/** English texts of the Diagnostic page (spec 2 §2, §4 "Diagnostics", §8). */
export const diagnostics = {
  start: 'Start Diagnostic',
  download: 'Download',
  started: 'Diagnostic started. Please do not refresh page during diagnosis.',
  ready: 'Diagnostic file is ready to be downloaded.',
  failed: 'An error occurred while getting Diagnostic file.',
  intro:
    "Gathers the storage server's health report: CPU, memory, operating system, drives with their usage, and a short drive speed test. Download saves it as diagnostic.json.",
  inProgress: 'Diagnostic in progress',
};
