import { vi, type Mock } from 'vitest';
import type { FunnelStep } from '../../src/shared/funnel-step.ts';

/** A funnel step whose moves a test can read. */
export type FakeStep = FunnelStep & {
  onNext: Mock<() => void>;
  onBack: Mock<() => void>;
  advance: Mock<FunnelStep['advance']>;
};

/** What a test may set on a fake step: everything but the moves, which stay mocks. */
export type StepOverrides = Omit<Partial<FunnelStep>, 'onNext' | 'onBack' | 'advance'>;

/**
 * A screen's funnel step without the machine behind it: the first step of five, Next and Back
 * allowed, nothing after it, a consult after the finish; `advance` resolves as a saved move does. Give what a test needs;
 * the moves are always mocks, for the test to read or to make fail (`mockRejectedValueOnce`).
 */
export function fakeFunnelStep(overrides: StepOverrides = {}): FakeStep {
  return {
    index: 0,
    total: 5,
    laterScreens: [],
    afterFinish: 'consult',
    liveVisitLater: true,
    canNext: true,
    canBack: true,
    saving: false,
    unsaved: null,
    ...overrides,
    onNext: vi.fn<() => void>(),
    onBack: vi.fn<() => void>(),
    advance: vi.fn<FunnelStep['advance']>(() => Promise.resolve()),
  };
}
