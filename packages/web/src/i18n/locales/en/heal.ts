/** English texts of the Heal screen (spec 2 §2 Heal page, §4 Heal). */
export const heal = {
  title: 'Heal',
  selectBucket: 'Select Bucket',
  prefix: 'Prefix',
  start: 'Start',
  recursive: 'Recursive',
  forceStart: 'Force Start',
  forceStop: 'Force Stop',
  chartTitle: "Item's Health Status [%]",
  before: 'Before healing',
  after: 'After healing',
  colors: { Green: 'Green', Yellow: 'Yellow', Red: 'Red', Grey: 'Grey' },
  chartSummary:
    'Green {{greenBefore}} % before, {{greenAfter}} % after; Yellow {{yellowBefore}} % before, {{yellowAfter}} % after; Red {{redBefore}} % before, {{redAfter}} % after; Grey {{greyBefore}} % before, {{greyAfter}} % after',
  sizeScanned: 'Size scanned: {{size}}',
  objectsHealed: 'Objects healed: {{healed}} / {{scanned}}',
  healingTime: 'Healing time: {{seconds}}s',
  failed: 'The heal stopped: {{reason}}',
} as const;
