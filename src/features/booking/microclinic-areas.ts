/** The journey keys of the microclinic step: the chosen microclinic's id, and the part done. */
export const MICROCLINIC_RECORD = 'booking.microclinicId';
// The part the in-person-visit fact is proved by (src/shared/journey/journey-facts.ts).
export { IN_PERSON_VISIT_PART as MICROCLINIC_DONE } from '../../shared/journey/journey-facts.ts';

/**
 * Where to look for microclinics when the patient neither shares their location nor can have
 * a typed city or ZIP code found (the maps and places service failed, or knows no such
 * place): the city centres of the areas with microclinics and their neighbours, with a ZIP
 * code to recognise. The lookup takes a point, so a city stands for its centre.
 */
export interface SearchArea {
  id: string;
  label: string;
  lat: number;
  lng: number;
}

export const SEARCH_AREAS: readonly SearchArea[] = [
  { id: 'atlanta-ga', label: 'Atlanta, GA 30303', lat: 33.749, lng: -84.388 },
  { id: 'austin-tx', label: 'Austin, TX 78701', lat: 30.2672, lng: -97.7431 },
  { id: 'chicago-il', label: 'Chicago, IL 60601', lat: 41.8857, lng: -87.6181 },
  { id: 'dallas-tx', label: 'Dallas, TX 75201', lat: 32.7876, lng: -96.7994 },
  { id: 'denver-co', label: 'Denver, CO 80202', lat: 39.7525, lng: -104.9995 },
  { id: 'fort-lauderdale-fl', label: 'Fort Lauderdale, FL 33301', lat: 26.1224, lng: -80.1373 },
  { id: 'fort-worth-tx', label: 'Fort Worth, TX 76102', lat: 32.7555, lng: -97.3308 },
  { id: 'houston-tx', label: 'Houston, TX 77002', lat: 29.7604, lng: -95.3698 },
  { id: 'los-angeles-ca', label: 'Los Angeles, CA 90012', lat: 34.0537, lng: -118.2428 },
  { id: 'mesa-az', label: 'Mesa, AZ 85201', lat: 33.4152, lng: -111.8315 },
  { id: 'miami-fl', label: 'Miami, FL 33131', lat: 25.7617, lng: -80.1918 },
  { id: 'new-york-ny', label: 'New York, NY 10001', lat: 40.7506, lng: -73.9972 },
  { id: 'phoenix-az', label: 'Phoenix, AZ 85004', lat: 33.4484, lng: -112.074 },
  { id: 'san-antonio-tx', label: 'San Antonio, TX 78205', lat: 29.4241, lng: -98.4936 },
];

/**
 * A position to two decimals (about a kilometre): enough to find the nearest microclinic, and
 * no more precise than that about where the patient is. Used for the browser's location and
 * for a point the places service found for a typed city or ZIP code alike.
 */
export function coarsePosition(lat: number, lng: number): { lat: number; lng: number } {
  return { lat: Math.round(lat * 100) / 100, lng: Math.round(lng * 100) / 100 };
}
