/** German texts of the Heal screen (spec 2 §2 Heal page, §4 Heal). */
export const heal = {
  title: 'Reparatur',
  selectBucket: 'Bucket auswählen',
  prefix: 'Präfix',
  start: 'Starten',
  recursive: 'Rekursiv',
  forceStart: 'Start erzwingen',
  forceStop: 'Stopp erzwingen',
  chartTitle: 'Zustand der Einträge [%]',
  before: 'Vor der Reparatur',
  after: 'Nach der Reparatur',
  colors: { Green: 'Grün', Yellow: 'Gelb', Red: 'Rot', Grey: 'Grau' },
  chartSummary:
    'Grün {{greenBefore}} % vorher, {{greenAfter}} % nachher; Gelb {{yellowBefore}} % vorher, {{yellowAfter}} % nachher; Rot {{redBefore}} % vorher, {{redAfter}} % nachher; Grau {{greyBefore}} % vorher, {{greyAfter}} % nachher',
  sizeScanned: 'Geprüfte Größe: {{size}}',
  objectsHealed: 'Reparierte Objekte: {{healed}} / {{scanned}}',
  healingTime: 'Reparaturdauer: {{seconds}} s',
  failed: 'Die Reparatur wurde angehalten: {{reason}}',
} as const;
