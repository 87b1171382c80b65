// The demo's suppliers and purchase requests (demo-records.ts makes them through the services).

export interface DemoSupplier {
  name: string;
  address: string;
  tin: string;
  philgepsNumber: string;
}

const supplier = (name: string, address: string, tin: string, philgepsNumber: string) => ({
  name,
  address,
  tin,
  philgepsNumber,
});

export const SUPPLIERS = {
  nena: supplier(
    'Kusina ni Aling Nena Catering',
    'Quirino Hwy, San Bartolome',
    '402-118-775-000',
    'PG-2019-118775',
  ),
  masagana: supplier(
    'Masagana Food Services',
    'Susano Rd., Novaliches',
    '233-904-561-000',
    'PG-2021-904561',
  ),
  bayan: supplier(
    'Tindahan ng Bayan Canteen',
    'Gen. Luis St., San Bartolome',
    '318-226-409-000',
    'PG-2022-226409',
  ),
  kaagapay: supplier(
    'Kaagapay Sports Center',
    'Susano Rd., Novaliches',
    '306-118-452-000',
    'PG-2018-118452',
  ),
  hub: supplier(
    'Novaliches Sports Hub',
    'Zabarte Rd., Novaliches',
    '451-330-127-000',
    'PG-2020-330127',
  ),
  galaxy: supplier(
    'Galaxy Athletic Supply',
    'Regalado Ave., Fairview',
    '519-044-862-000',
    'PG-2017-044862',
  ),
  shop: supplier(
    'Novaliches Print Shop',
    'Gen. Luis St., San Bartolome',
    '215-774-901-000',
    'PG-2016-774901',
  ),
  quick: supplier(
    'QuickPrint Fairview',
    'Commonwealth Ave., Fairview',
    '287-615-330-000',
    'PG-2020-615330',
  ),
  lakandula: supplier(
    'Lakandula Printing Press',
    'Quirino Hwy, Novaliches',
    '364-902-118-000',
    'PG-2015-902118',
  ),
} satisfies Record<string, DemoSupplier>;
export type SupplierKey = keyof typeof SUPPLIERS;

export interface DemoRecord {
  key: 'A' | 'B' | 'C' | 'D';
  purpose: string;
  items: {
    description: string;
    quantity: number;
    unit: string;
    unitCost: number;
    objectCode: string;
  }[];
  quotations: [SupplierKey, number][];
  /** The supplier awarded and, when not the lowest, the BAC's written justification. */
  award?: { to: SupplierKey; justification?: string };
  /** Quantities accepted by delivery (each a list by item), then paid. */
  deliveries?: number[][];
  /** Days back from today the request was made. */
  daysAgo: number;
}

export const RECORDS: DemoRecord[] = [
  {
    key: 'A',
    purpose: 'Packed meals for the participants of the health caravan',
    items: [
      {
        description: 'Packed meal (rice, viand, fruit, bottled water)',
        quantity: 150,
        unit: 'pack',
        unitCost: 120,
        objectCode: '5-02-03-050',
      },
    ],
    quotations: [
      ['nena', 17_400],
      ['masagana', 16_950],
      ['bayan', 17_800],
    ],
    award: { to: 'masagana' },
    deliveries: [[150]],
    daysAgo: 75,
  },
  {
    key: 'B',
    purpose: 'Sports equipment for the barangay youth sports fest',
    items: [
      {
        description: 'Basketball, official size 7, rubber',
        quantity: 20,
        unit: 'piece',
        unitCost: 1_500,
        objectCode: '5-02-03-990',
      },
      {
        description: 'Volleyball net with steel cable',
        quantity: 4,
        unit: 'piece',
        unitCost: 3_500,
        objectCode: '5-02-03-990',
      },
      {
        description: 'Team jersey set, printed',
        quantity: 30,
        unit: 'set',
        unitCost: 350,
        objectCode: '5-02-03-990',
      },
    ],
    quotations: [
      ['kaagapay', 54_200],
      ['hub', 53_800],
      ['galaxy', 54_450],
    ],
    award: { to: 'hub' },
    deliveries: [
      [20, 4, 0],
      [0, 0, 30],
    ],
    daysAgo: 60,
  },
  {
    key: 'C',
    purpose: 'Tarpaulins and flyers for the Katipunan ng Kabataan assembly',
    items: [
      {
        description: 'Tarpaulin 3 x 6 ft, full colour',
        quantity: 10,
        unit: 'piece',
        unitCost: 600,
        objectCode: '5-02-99-020',
      },
      {
        description: 'Flyer A5, two sides, full colour',
        quantity: 1_000,
        unit: 'piece',
        unitCost: 6,
        objectCode: '5-02-99-020',
      },
    ],
    quotations: [
      ['quick', 10_800],
      ['shop', 11_200],
      ['lakandula', 11_900],
    ],
    award: {
      to: 'shop',
      justification:
        'QuickPrint Fairview, the lowest, can deliver only ten days after the order, after the assembly; Novaliches Print Shop delivers in three days, within the assembly’s schedule, and the difference (₱400.00) is within the approved budget for the contract.',
    },
    deliveries: [[10, 1_000]],
    daysAgo: 45,
  },
  {
    key: 'D',
    purpose: 'Snacks for the Katipunan ng Kabataan assembly',
    items: [
      {
        description: 'Snack pack (sandwich and juice)',
        quantity: 100,
        unit: 'pack',
        unitCost: 80,
        objectCode: '5-02-03-050',
      },
    ],
    quotations: [
      ['bayan', 7_600],
      ['nena', 7_900],
      ['masagana', 7_750],
    ],
    daysAgo: 5,
  },
];
