/**
 * Operating regions: a warehouse on a real industrial estate near a UK town, and real towns
 * within about 40 km of it where customers live and handover points are. Coordinates are WGS84
 * town centres (warehouses: the estate), rounded to about 100 m. `spreadKm` is how far from the
 * centre customer properties may be; coastal towns have a small spread so that no property lands
 * in the sea. `weight` sizes the region (drivers, customers) relative to the others.
 */
export interface TownData {
  name: string;
  latitude: number;
  longitude: number;
  spreadKm: number;
}

export interface RegionData {
  key: string;
  weight: number;
  warehouse: { name: string; latitude: number; longitude: number };
  /** The warehouse's own town comes first. */
  towns: TownData[];
}

const town = (name: string, latitude: number, longitude: number, spreadKm = 2.5): TownData => ({ name, latitude, longitude, spreadKm });

export const UK_REGIONS: readonly RegionData[] = [
  {
    key: 'leeds',
    weight: 1.2,
    warehouse: { name: 'Leeds warehouse (Cross Green)', latitude: 53.787, longitude: -1.505 },
    towns: [
      town('Leeds', 53.7997, -1.5492, 4),
      town('Wakefield', 53.6833, -1.4977),
      town('Harrogate', 53.9921, -1.5418),
      town('Bradford', 53.796, -1.7594, 3),
      town('Huddersfield', 53.6458, -1.785),
      town('Castleford', 53.725, -1.362, 1.5),
      town('Otley', 53.905, -1.693, 1),
      town('Dewsbury', 53.691, -1.633, 1.5),
      town('Pontefract', 53.691, -1.312, 1.5),
      town('Selby', 53.784, -1.067, 1),
      town('York', 53.96, -1.0873, 3),
    ],
  },
  {
    key: 'manchester',
    weight: 1.3,
    warehouse: { name: 'Manchester warehouse (Trafford Park)', latitude: 53.466, longitude: -2.32 },
    towns: [
      town('Manchester', 53.4808, -2.2426, 4),
      town('Salford', 53.4875, -2.2901),
      town('Stockport', 53.4084, -2.1493),
      town('Bolton', 53.578, -2.429),
      town('Oldham', 53.5409, -2.1114),
      town('Rochdale', 53.6097, -2.1561),
      town('Bury', 53.5933, -2.2966),
      town('Wigan', 53.545, -2.6325),
      town('Warrington', 53.39, -2.597),
      town('Altrincham', 53.3838, -2.3547, 1.5),
      town('Macclesfield', 53.2587, -2.127, 1.5),
    ],
  },
  {
    key: 'birmingham',
    weight: 1.3,
    warehouse: { name: 'Birmingham warehouse (Tyseley)', latitude: 52.454, longitude: -1.835 },
    towns: [
      town('Birmingham', 52.4862, -1.8904, 4),
      town('Solihull', 52.4118, -1.7776),
      town('Wolverhampton', 52.587, -2.1288),
      town('Walsall', 52.586, -1.9829),
      town('Sutton Coldfield', 52.57, -1.824),
      town('Dudley', 52.512, -2.081, 1.5),
      town('Redditch', 52.309, -1.945, 1.5),
      town('Bromsgrove', 52.335, -2.057, 1),
      town('Tamworth', 52.6336, -1.691, 1.5),
      town('Lichfield', 52.6816, -1.826, 1),
      town('Coventry', 52.4068, -1.5197, 3),
    ],
  },
  {
    key: 'bristol',
    weight: 1,
    warehouse: { name: 'Bristol warehouse (Avonmouth)', latitude: 51.505, longitude: -2.695 },
    towns: [
      town('Bristol', 51.4545, -2.5879, 4),
      town('Bath', 51.3811, -2.359),
      town('Weston-super-Mare', 51.346, -2.965, 1),
      town('Clevedon', 51.438, -2.845, 0.8),
      town('Portishead', 51.48, -2.765, 0.8),
      town('Keynsham', 51.4135, -2.4978, 1),
      town('Yate', 51.5402, -2.411, 1),
      town('Thornbury', 51.609, -2.524, 0.8),
      town('Nailsea', 51.431, -2.758, 0.8),
      town('Chippenham', 51.4585, -2.116, 1.5),
    ],
  },
  {
    key: 'croydon',
    weight: 1.4,
    warehouse: { name: 'Croydon warehouse (Purley Way)', latitude: 51.362, longitude: -0.117 },
    towns: [
      town('Croydon', 51.3762, -0.0982, 3),
      town('Sutton', 51.3618, -0.1945),
      town('Bromley', 51.406, 0.014),
      town('Kingston upon Thames', 51.4123, -0.3007),
      town('Wimbledon', 51.4214, -0.2064, 1.5),
      town('Epsom', 51.336, -0.267, 1.5),
      town('Orpington', 51.374, 0.098, 1.5),
      town('Caterham', 51.282, -0.079, 1),
      town('Redhill', 51.24, -0.17, 1.5),
    ],
  },
  {
    key: 'reading',
    weight: 0.9,
    warehouse: { name: 'Reading warehouse (Green Park)', latitude: 51.423, longitude: -0.982 },
    towns: [
      town('Reading', 51.4543, -0.9781, 3),
      town('Wokingham', 51.4112, -0.8339),
      town('Bracknell', 51.416, -0.749),
      town('Maidenhead', 51.5218, -0.7177),
      town('Henley-on-Thames', 51.5357, -0.903, 1),
      town('Newbury', 51.401, -1.323),
      town('Thatcham', 51.403, -1.261, 1),
      town('Basingstoke', 51.2665, -1.0924),
      town('Didcot', 51.608, -1.241, 1.5),
      town('Camberley', 51.337, -0.742, 1.5),
    ],
  },
  {
    key: 'milton-keynes',
    weight: 0.9,
    warehouse: { name: 'Milton Keynes warehouse (Magna Park)', latitude: 52.005, longitude: -0.69 },
    towns: [
      town('Milton Keynes', 52.0406, -0.7594, 4),
      town('Newport Pagnell', 52.087, -0.722, 1),
      town('Bedford', 52.136, -0.4667),
      town('Northampton', 52.2405, -0.9027, 3),
      town('Luton', 51.8787, -0.42),
      town('Dunstable', 51.886, -0.521, 1.5),
      town('Leighton Buzzard', 51.9165, -0.6617, 1),
      town('Aylesbury', 51.8168, -0.8124),
      town('Buckingham', 51.999, -0.987, 1),
      town('Towcester', 52.133, -0.99, 1),
    ],
  },
  {
    key: 'nottingham',
    weight: 1,
    warehouse: { name: 'Nottingham warehouse (Colwick)', latitude: 52.956, longitude: -1.097 },
    towns: [
      town('Nottingham', 52.9548, -1.1581, 3.5),
      town('Derby', 52.9225, -1.4746, 3),
      town('Mansfield', 53.1472, -1.1987),
      town('Newark-on-Trent', 53.076, -0.809, 1.5),
      town('Loughborough', 52.7721, -1.2062),
      town('Grantham', 52.912, -0.642, 1.5),
      town('Ilkeston', 52.971, -1.309, 1.5),
      town('Hucknall', 53.038, -1.204, 1),
      town('Long Eaton', 52.898, -1.271, 1),
      town('Melton Mowbray', 52.766, -0.886, 1),
    ],
  },
  {
    key: 'glasgow',
    weight: 1.1,
    warehouse: { name: 'Glasgow warehouse (Hillington)', latitude: 55.856, longitude: -4.37 },
    towns: [
      town('Glasgow', 55.8642, -4.2518, 4),
      town('Paisley', 55.8456, -4.4239),
      town('East Kilbride', 55.7644, -4.1769),
      town('Hamilton', 55.7773, -4.0392),
      town('Motherwell', 55.7892, -3.9916, 1.5),
      town('Cumbernauld', 55.946, -3.99),
      town('Airdrie', 55.866, -3.98, 1.5),
      town('Kirkintilloch', 55.939, -4.153, 1),
      town('Dumbarton', 55.944, -4.565, 1),
      town('Kilmarnock', 55.6116, -4.4956),
    ],
  },
  {
    key: 'edinburgh',
    weight: 0.9,
    warehouse: { name: 'Edinburgh warehouse (Sighthill)', latitude: 55.925, longitude: -3.285 },
    towns: [
      town('Edinburgh', 55.9533, -3.1883, 3.5),
      town('Livingston', 55.8864, -3.523),
      town('Dalkeith', 55.894, -3.068, 1),
      town('Musselburgh', 55.937, -3.054, 0.8),
      town('Penicuik', 55.831, -3.223, 1),
      town('Bathgate', 55.902, -3.643, 1),
      town('Linlithgow', 55.976, -3.6, 1),
      town('Falkirk', 56.0019, -3.7839),
      town('Dunfermline', 56.0719, -3.4393),
    ],
  },
  {
    key: 'newcastle',
    weight: 0.9,
    warehouse: { name: 'Newcastle warehouse (Team Valley)', latitude: 54.929, longitude: -1.616 },
    towns: [
      town('Newcastle upon Tyne', 54.9783, -1.6178, 3.5),
      town('Gateshead', 54.9527, -1.6034),
      town('Sunderland', 54.9069, -1.405, 2),
      town('Washington', 54.9, -1.52, 1.5),
      town('Chester-le-Street', 54.859, -1.574, 1),
      town('Durham', 54.7761, -1.5733),
      town('Consett', 54.854, -1.832, 1),
      town('Hexham', 54.971, -2.101, 1),
      town('Cramlington', 55.086, -1.585, 1.5),
      town('Morpeth', 55.168, -1.688, 1),
    ],
  },
  {
    key: 'cardiff',
    weight: 0.8,
    warehouse: { name: 'Cardiff warehouse (Wentloog)', latitude: 51.514, longitude: -3.113 },
    towns: [
      town('Cardiff', 51.4816, -3.1791, 3),
      town('Newport', 51.5842, -2.9977),
      town('Penarth', 51.436, -3.18, 0.8),
      town('Barry', 51.405, -3.27, 1),
      town('Caerphilly', 51.574, -3.218, 1.5),
      town('Pontypridd', 51.602, -3.342, 1),
      town('Cwmbran', 51.653, -3.021, 1.5),
      town('Llantrisant', 51.542, -3.375, 1),
      town('Bridgend', 51.504, -3.577, 1.5),
      town('Merthyr Tydfil', 51.749, -3.378, 1),
    ],
  },
  {
    key: 'southampton',
    weight: 0.9,
    warehouse: { name: 'Southampton warehouse (Nursling)', latitude: 50.943, longitude: -1.475 },
    towns: [
      town('Southampton', 50.9097, -1.4044, 3),
      town('Eastleigh', 50.969, -1.35, 1.5),
      town('Totton', 50.919, -1.49, 1),
      town('Romsey', 50.989, -1.499, 1),
      town('Winchester', 51.0632, -1.308, 1.5),
      town('Hedge End', 50.912, -1.302, 1),
      town('Fareham', 50.855, -1.179, 1.5),
      town('Waterlooville', 50.88, -1.03, 1.5),
      town('Portsmouth', 50.81, -1.075, 1.2),
      town('Andover', 51.208, -1.48, 1.5),
    ],
  },
  {
    key: 'cambridge',
    weight: 0.8,
    warehouse: { name: 'Cambridge warehouse (Milton)', latitude: 52.239, longitude: 0.15 },
    towns: [
      town('Cambridge', 52.2053, 0.1218, 3),
      town('Ely', 52.399, 0.262, 1),
      town('St Ives', 52.333, -0.075, 1),
      town('Huntingdon', 52.331, -0.185, 1.5),
      town('St Neots', 52.228, -0.27, 1.5),
      town('Newmarket', 52.244, 0.407, 1),
      town('Royston', 52.048, -0.024, 1),
      town('Saffron Walden', 52.022, 0.24, 1),
      town('Haverhill', 52.082, 0.44, 1),
    ],
  },
  {
    key: 'exeter',
    weight: 0.6,
    warehouse: { name: 'Exeter warehouse (Marsh Barton)', latitude: 50.705, longitude: -3.527 },
    towns: [
      town('Exeter', 50.7184, -3.5339, 3),
      town('Exmouth', 50.625, -3.405, 1),
      town('Crediton', 50.791, -3.656, 1),
      town('Tiverton', 50.902, -3.491, 1),
      town('Cullompton', 50.856, -3.392, 1),
      town('Honiton', 50.799, -3.189, 1),
      town('Newton Abbot', 50.529, -3.61, 1.5),
      town('Okehampton', 50.739, -4.004, 1),
    ],
  },
  {
    key: 'sheffield',
    weight: 0.9,
    warehouse: { name: 'Sheffield warehouse (Tinsley)', latitude: 53.409, longitude: -1.401 },
    towns: [
      town('Sheffield', 53.3811, -1.4701, 4),
      town('Rotherham', 53.4326, -1.3635),
      town('Barnsley', 53.5526, -1.4797),
      town('Doncaster', 53.5228, -1.1285, 3),
      town('Chesterfield', 53.235, -1.421),
      town('Dronfield', 53.302, -1.47, 1),
      town('Worksop', 53.302, -1.124, 1.5),
      town('Stocksbridge', 53.478, -1.588, 1),
    ],
  },
];

/** Common street names of British towns, for readable customer addresses. */
export const STREET_NAMES: readonly string[] = [
  'High Street', 'Station Road', 'Main Street', 'Park Road', 'Church Road', 'Church Street', 'London Road',
  'Victoria Road', 'Green Lane', 'Manor Road', 'Church Lane', 'Park Avenue', 'The Avenue', 'The Crescent',
  'Queens Road', 'New Road', 'Grange Road', 'Kings Road', 'Alexandra Road', 'Mill Lane', 'Windsor Road',
  'York Road', 'Springfield Road', 'Albert Road', 'Highfield Road', 'School Lane', 'North Street', 'West Street',
];

/** Kinds of site where a handover point (a yard where Nuggets change hands) is usually found. */
export const HANDOVER_SITES: readonly string[] = ['Retail Park', 'Business Park', 'Trade Park', 'Industrial Estate', 'Park and Ride'];
