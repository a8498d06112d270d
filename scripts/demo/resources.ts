// The lab's machines as bookable resources (docs/product.md §10), with the rules a real lab sets:
// printers any time in 30-minute slots, the CNC 1-4 hours with a cool-down and its induction, the
// wetlab hood behind 'Wetlab biosafety'. Inductions name who holds them and who signs others off.
import type { BookingRules, OpeningHours } from '../../app/lib/bookings/rules';
import type { ResourceKind } from '../../app/lib/bookings/models';

export interface DemoInduction {
  slug: string;
  name: string;
  description: string;
  validMonths: number | null;
  inductors: string[];
  holders: string[];
}

/** The credit the lab hands out: GPU tokens, 12 a month to every member. */
export const DEMO_CREDIT = { name: 'GPU tokens', unit: 'token', monthlyAllowance: 12 };

export interface DemoResource {
  slug: string;
  name: string;
  kind: ResourceKind;
  description: string;
  hue: number;
  induction: string | null;
  rules: BookingRules;
  outOfService?: string;
  /** its group of equivalent machines ('Find the next free time' searches them all) */
  equivalentGroup?: string;
  /** GPU tokens a booking holds per hour (the demo's one credit, DEMO_CREDIT) */
  tokensPerHour?: number;
  /** a member's booking is a request: the questions it asks, who decides, and who has one waiting */
  approval?: { questions: string[]; approvers: string[]; pending: string };
  /** how busy the demo calendar looks: the share of free time booked (0-1) */
  busy: number;
}

const workshop: OpeningHours = {
  mon: { open: 540, close: 1080 },
  tue: { open: 540, close: 1080 },
  wed: { open: 540, close: 1080 },
  thu: { open: 540, close: 1260 },
  fri: { open: 540, close: 1080 },
  sat: { open: 600, close: 960 },
};
const labHours: OpeningHours = Object.fromEntries(
  (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => [
    day,
    { open: 480, close: 1320 },
  ]),
);
const weekdays: OpeningHours = Object.fromEntries(
  (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => [day, { open: 540, close: 1080 }]),
);

const base: BookingRules = {
  slotMinutes: 30,
  minMinutes: 30,
  maxMinutes: 240,
  bufferMinutes: 0,
  hours: 'any',
  noticeMinutes: 0,
  horizonDays: 14,
  cancelCutoffMinutes: 0,
  maxUpcoming: null,
  maxWeekMinutes: null,
};

export const demoInductions: DemoInduction[] = [
  {
    slug: 'cnc',
    name: 'CNC induction',
    description:
      'Two hours on the router with an inductor: work holding, feeds and speeds, tool changes, the emergency stop and cleaning down.',
    validMonths: 12,
    inductors: ['tomas_kelly'],
    holders: ['aoife_byrne', 'cian_oconnor', 'darragh_nolan', 'ronan_daly'],
  },
  {
    slug: 'wetlab-biosafety',
    name: 'Wetlab biosafety',
    description:
      'Biosafety level 1 practice: the cabinet, the autoclave, waste streams, spills and the lab notebook.',
    validMonths: 12,
    inductors: ['grace_adeyemi'],
    holders: ['mei_chen', 'eva_kowalska', 'niamh_walsh'],
  },
  {
    slug: 'laser',
    name: 'Laser cutter induction',
    description: 'Materials that must never go in, focus and power, fire watch and the extraction.',
    validMonths: null,
    inductors: ['orla_brennan'],
    holders: ['aoife_byrne', 'siobhan_murphy', 'liam_fitzgerald', 'kofi_mensah'],
  },
];

export const demoResources: DemoResource[] = [
  {
    slug: 'prusa-mk4',
    name: 'Prusa MK4 (PLA)',
    kind: 'fabrication',
    description: 'The workhorse printer: PLA and PETG up to 25 × 21 × 22 cm. Runs overnight unattended.',
    hue: 24,
    induction: null,
    rules: {
      ...base,
      maxMinutes: 720,
      bufferMinutes: 15,
      noticeMinutes: 30,
      cancelCutoffMinutes: 30,
      maxUpcoming: 3,
      maxWeekMinutes: 1440,
    },
    equivalentGroup: 'FDM printers',
    busy: 0.45,
  },
  {
    slug: 'bambu-x1c',
    name: 'Bambu X1 Carbon',
    kind: 'fabrication',
    description:
      'Fast multi-colour printing with the AMS; carbon-fibre-filled filaments on the hardened nozzle.',
    hue: 200,
    induction: null,
    rules: {
      ...base,
      maxMinutes: 720,
      bufferMinutes: 15,
      noticeMinutes: 30,
      cancelCutoffMinutes: 30,
      maxUpcoming: 3,
      maxWeekMinutes: 1440,
    },
    equivalentGroup: 'FDM printers',
    busy: 0.4,
  },
  {
    slug: 'markforged-mark-two',
    name: 'Markforged Mark Two (carbon fibre)',
    kind: 'fabrication',
    description: 'Continuous carbon-fibre reinforcement for parts that must be light and stiff.',
    hue: 260,
    induction: null,
    rules: {
      ...base,
      slotMinutes: 60,
      minMinutes: 60,
      maxMinutes: 1440,
      bufferMinutes: 30,
      noticeMinutes: 60,
      cancelCutoffMinutes: 120,
      maxUpcoming: 2,
      maxWeekMinutes: 2160,
    },
    busy: 0.35,
  },
  {
    slug: 'cnc-router',
    name: '3-axis CNC router',
    kind: 'fabrication',
    description: 'A 1.2 × 1.2 m router for wood, plastics and aluminium sheet, with dust extraction.',
    hue: 30,
    induction: 'cnc',
    rules: {
      ...base,
      hours: workshop,
      minMinutes: 60,
      maxMinutes: 240,
      bufferMinutes: 15,
      noticeMinutes: 60,
      cancelCutoffMinutes: 120,
      maxUpcoming: 3,
      maxWeekMinutes: 360,
    },
    busy: 0.4,
  },
  {
    slug: 'desktop-cnc-mill',
    name: 'Desktop CNC mill',
    kind: 'fabrication',
    description: 'Small aluminium and brass parts, PCB isolation milling.',
    hue: 45,
    induction: 'cnc',
    rules: {
      ...base,
      hours: workshop,
      minMinutes: 60,
      maxMinutes: 240,
      bufferMinutes: 15,
      noticeMinutes: 60,
      cancelCutoffMinutes: 120,
      maxUpcoming: 3,
      maxWeekMinutes: 360,
    },
    outOfService: 'The spindle bearings are being replaced; back in the first week of December.',
    busy: 0,
  },
  {
    slug: 'laser-cutter',
    name: 'Laser cutter',
    kind: 'fabrication',
    description: 'A 60 W CO₂ laser, 90 × 60 cm bed: acrylic, plywood, card and fabric.',
    hue: 350,
    induction: 'laser',
    rules: {
      ...base,
      hours: labHours,
      maxMinutes: 120,
      bufferMinutes: 15,
      noticeMinutes: 30,
      horizonDays: 7,
      cancelCutoffMinutes: 60,
      maxUpcoming: 2,
    },
    busy: 0.35,
  },
  {
    slug: 'electronics-bench',
    name: 'Electronics bench',
    kind: 'electronics',
    description: 'A 350 MHz scope, bench supplies, hot air and a reflow oven.',
    hue: 140,
    induction: null,
    rules: { ...base, slotMinutes: 60, minMinutes: 60, hours: labHours, maxMinutes: 480, maxUpcoming: 4 },
    busy: 0.3,
  },
  {
    slug: 'cad-station',
    name: 'CAD station',
    kind: 'electronics',
    description: 'A workstation with Fusion, KiCad and two 27-inch screens.',
    hue: 170,
    induction: null,
    rules: { ...base, slotMinutes: 60, minMinutes: 60, hours: labHours, maxMinutes: 480, maxUpcoming: 4 },
    busy: 0.25,
  },
  {
    slug: 'gpu-node',
    name: 'GPU node',
    kind: 'electronics',
    description: 'Four GPUs with 80 GB each for training runs, booked by the hour, day or night.',
    hue: 280,
    induction: null,
    tokensPerHour: 3,
    rules: {
      ...base,
      slotMinutes: 60,
      minMinutes: 60,
      maxMinutes: 2880,
      maxUpcoming: 2,
      maxWeekMinutes: 4320,
    },
    busy: 0.5,
  },
  {
    slug: 'wetlab-hood',
    name: 'Biosafety cabinet',
    kind: 'wetlab',
    description: 'A class II cabinet for sterile work; UV cycle and wipe-down after every session.',
    hue: 190,
    induction: 'wetlab-biosafety',
    rules: {
      ...base,
      hours: weekdays,
      maxMinutes: 180,
      bufferMinutes: 30,
      noticeMinutes: 60,
      cancelCutoffMinutes: 120,
      maxUpcoming: 4,
    },
    approval: {
      questions: ['Organism and biosafety level', 'Reagents', 'Waste route'],
      approvers: ['grace_adeyemi'],
      pending: 'mei_chen',
    },
    busy: 0.35,
  },
  {
    slug: 'autoclave',
    name: 'Autoclave',
    kind: 'wetlab',
    description: 'A 23-litre benchtop autoclave for media, glassware and waste.',
    hue: 210,
    induction: 'wetlab-biosafety',
    rules: {
      ...base,
      slotMinutes: 60,
      minMinutes: 60,
      hours: weekdays,
      maxMinutes: 120,
      bufferMinutes: 60,
      noticeMinutes: 60,
      maxUpcoming: 2,
    },
    busy: 0.3,
  },
];
