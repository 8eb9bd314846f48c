import type { SaveLeadInput } from './journey/lead.ts';
import type { JourneyChange } from './journey/journey-store.ts';
import type { IdentityCustomer } from '../contract/api-types.ts';
import type { AfterFinish, ScreenName } from '../engine/config-types.ts';

/**
 * What a screen hands over with Next: what the patient entered, for the funnel machine's work
 * actors (src/app/step-work.ts) to act on, and what the screen itself produced. The machine
 * runs the work, then writes the journey once with the step moved to and every record.
 */
export interface StepMove {
  /** A lead to save first (the `saveLead` actor); the change that records it goes into the step's write. */
  lead?: SaveLeadInput;
  /** The identity check to run after the lead (the `checkIdentity` actor); see IdentityMove. */
  identity?: IdentityMove;
  /** A consult to book, or one the scheduling service booked to record (the `bookConsult` actor). */
  booking?: ConsultBooking;
  /** A change the screen made (a choice, an order placed), written with the step. */
  record?: JourneyChange;
}

/**
 * The intake's identity check, as a move hands it to the `checkIdentity` actor. With a
 * `customer` (the patient's name, birthdate, state and the documents their state asks for) the
 * check runs: its record notes the result and the finished intake, and any result but
 * `verified` keeps the patient on the intake, told the care team may contact them. With
 * `customer: null` the documents are still to be asked on their own page: nothing is checked,
 * the check is recorded as pending (the intake is not finished until it answers) and the
 * patient stays for that page.
 */
export interface IdentityMove {
  customer: IdentityCustomer | null;
}

/**
 * What the booking screen hands the `bookConsult` actor (src/features/booking/book-consult.ts):
 * the appointment to report made from the funnel. Its record (the booking under the step) is
 * written with the step, in the move's one journey write.
 */
export interface ConsultBooking {
  /** The funnel step the booking is kept under; null on a booking page outside the steps. */
  stepIndex: number | null;
  /**
   * The booking's id, made once per attempt and sent again, unchanged, on every retry of it, so
   * the scheduler never books twice: minted by the browser for a local slot (src/domain/booking-id.ts),
   * or the one the scheduling service gave.
   */
  appointmentId: string;
  /**
   * `slot`: this call books the slot (the local scheduler), and a slot no longer free is
   * refused; `service`: the scheduling service has booked it already, and this call records it.
   */
  madeBy: 'slot' | 'service';
  /**
   * An earlier attempt at this step whose answer never came (the patient then chose another
   * time): asked about first, and when the scheduler made it, that is the booking.
   */
  unanswered?: string;
  /**
   * Stay on the step once it is recorded (the journey is written at this step): the next step
   * does not confirm the booking, so this page shows it, with Continue.
   */
  stay?: boolean;
}

/** A move that could not be saved: why, and how many times in a row (each is told again). */
export interface MoveProblem {
  error: unknown;
  attempt: number;
}

/** What a screen needs from the funnel: where the patient is, and how to move. */
export interface FunnelStep {
  /** The step index, counting from 0, or null on a page of the code that is not a step. */
  index: number | null;
  /** How many steps the patient's funnel has. */
  total: number;
  /** The screens of the steps after this one (all of them off the list), finish page included. */
  laterScreens: readonly ScreenName[];
  /** What the care team does once the patient finishes (config/funnels.json afterFinish). */
  afterFinish: AfterFinish;
  /**
   * A later step of the patient's funnel is a live visit, or the variant's staff make one
   * (config/clinic-rules.json `encounterTypes.liveVisit`): an order placed on this step is
   * prescribed after that visit, so a state that asks one needs nothing booked first.
   */
  liveVisitLater: boolean;
  canNext: boolean;
  canBack: boolean;
  /** Next has been pressed and the move is being saved; the patient is still on this step. */
  saving: boolean;
  /**
   * Moves on: the machine runs the move's work (the lead, and so on), then writes the next
   * step in the journey with every record of the move in the same write, and moves once
   * all are saved. Rejects, the patient still on this step, when either fails: the caller
   * says so. Pressed again while saving, it settles with the save under way. Resolves at once
   * where there is no next step.
   */
  advance: (move?: StepMove) => Promise<void>;
  /**
   * A Continue button's `advance()`: a failure keeps the patient here, in `unsaved`, which the
   * page shows under the screen with Try again (src/app/route-wrapper.tsx).
   */
  onNext: () => void;
  /** The last onNext that could not be saved, until one is or the step changes; null when none. */
  unsaved: MoveProblem | null;
  onBack: () => void;
}
