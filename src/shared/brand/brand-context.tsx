import { createContext, useContext, type ReactNode } from 'react';
import type { BrandConfig, Site } from '../../engine/config-types.ts';

export interface BrandValue {
  site: Site;
  brand: BrandConfig;
}

const BrandContext = createContext<BrandValue | null>(null);

/** Makes the visitor's brand available to every component below. */
export function BrandProvider({ value, children }: { value: BrandValue; children: ReactNode }) {
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}

/** The visitor's brand; components render inside a BrandProvider. */
export function useBrand(): BrandValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand() needs a <BrandProvider> above it');
  return value;
}
