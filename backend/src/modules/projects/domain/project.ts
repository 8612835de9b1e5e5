import { Money } from '../../../shared/domain/money';
import { RuleViolatedError } from '../../../shared/errors/domain-error';
import { DEFAULT_MONEY_STYLE, type MoneyStyle } from '../../../shared/domain/money-format';
import { depositAbovePrice, depositNotPositive } from './projects.errors';

/** A service on a project: its quantity and the unit price it had when it was added. */
export interface ProjectLine {
  serviceId: number;
  quantity: number;
  unitPrice: Money;
  /** Credits spent on this line (spec §3 project_service_payments); 0 or absent when not paid with credits. */
  creditsPaid?: number;
}

export interface ProjectProps {
  id: number;
  name: string;
  description: string;
  clientId: number;
  serviceId: number | null;
  thumbnailUrl: string | null;
  downloadLink: string | null;
  photoCount: number;
  price: Money;
  /** The deposit asked before the rest (CONTRACT §11): above 0 and at most the price; null (or absent) when none. */
  deposit?: Money | null;
  isPaid: boolean;
  date: Date;
  lines: ProjectLine[];
}

export type ProjectDetails = Pick<ProjectProps, 'name' | 'description' | 'clientId' | 'thumbnailUrl' | 'downloadLink' | 'photoCount'>;

/** Merges repeated services into one line each (quantities add up). Quantities are whole numbers ≥ 1. */
export function mergeLines(lines: ProjectLine[]): ProjectLine[] {
  const merged = new Map<number, ProjectLine>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RuleViolatedError('PROJECTS.BAD_QUANTITY', 'Quantity must be at least 1', {
        selectedServices: 'Quantity must be at least 1',
      });
    }
    const seen = merged.get(line.serviceId);
    if (!seen) {
      merged.set(line.serviceId, { ...line });
      continue;
    }
    const credits = Math.max(seen.creditsPaid ?? 0, line.creditsPaid ?? 0);
    merged.set(line.serviceId, { ...seen, quantity: seen.quantity + line.quantity, ...(credits ? { creditsPaid: credits } : {}) });
  }
  return [...merged.values()];
}

/** The server's price rule (CONTRACT §2): Σ unit price × quantity whenever there are lines. */
export function priceOfLines(lines: readonly ProjectLine[]): Money {
  return Money.sum(lines.map((l) => l.unitPrice.times(l.quantity)));
}

/**
 * A photo project of one client. Its price follows its service lines; it is paid exactly when nothing is
 * owed on it (CONTRACT §12), which billing decides from its invoice (decision 0045).
 */
export class Project {
  private constructor(private props: ProjectProps) {}

  /** `money`: how the refusals write amounts (the studio's currency and locale). */
  static create(
    details: ProjectDetails,
    lines: ProjectLine[],
    priceWithoutLines: Money,
    now: Date,
    deposit: Money | null = null,
    money: MoneyStyle = DEFAULT_MONEY_STYLE,
  ): Project {
    const p = new Project({
      id: 0,
      ...details,
      serviceId: null,
      price: Money.ZERO,
      deposit: null,
      isPaid: false,
      date: now,
      lines: [],
    });
    p.setDetails(details);
    p.setLines(lines, priceWithoutLines, deposit, money);
    return p;
  }

  static restore(props: ProjectProps): Project {
    return new Project({ ...props, deposit: props.deposit ?? null, lines: [...props.lines] });
  }

  get id(): number {
    return this.props.id;
  }
  get clientId(): number {
    return this.props.clientId;
  }
  get name(): string {
    return this.props.name;
  }
  get price(): Money {
    return this.props.price;
  }
  get deposit(): Money | null {
    return this.props.deposit ?? null;
  }
  get isPaid(): boolean {
    return this.props.isPaid;
  }
  get lines(): readonly ProjectLine[] {
    return this.props.lines;
  }
  get snapshot(): Readonly<ProjectProps> {
    return this.props;
  }

  withId(id: number): Project {
    return new Project({ ...this.props, id });
  }

  setDetails(details: ProjectDetails): void {
    const name = details.name.trim();
    if (!name) throw new RuleViolatedError('PROJECTS.NAME_REQUIRED', 'Project name is required', { name: 'Project name is required' });
    if (!Number.isSafeInteger(details.photoCount) || details.photoCount < 0) {
      throw new RuleViolatedError('PROJECTS.BAD_PHOTO_COUNT', '# of Photos must be 0 or more', {
        photoCount: '# of Photos must be 0 or more',
      });
    }
    this.props = {
      ...this.props,
      ...details,
      name,
      description: details.description.trim(),
      thumbnailUrl: details.thumbnailUrl?.trim() || null,
      downloadLink: details.downloadLink?.trim() || null,
    };
  }

  /**
   * Replaces the lines; the price becomes their total, or `priceWithoutLines` when there are none.
   * A service already paid with credits stays paid with credits while it remains on the project.
   * The deposit (`deposit`, else the one the project has) is checked against the new price.
   */
  setLines(
    lines: ProjectLine[],
    priceWithoutLines: Money,
    deposit: Money | null = this.deposit,
    money: MoneyStyle = DEFAULT_MONEY_STYLE,
  ): void {
    const paid = new Map(this.props.lines.filter((l) => l.creditsPaid).map((l) => [l.serviceId, l.creditsPaid]));
    const merged = mergeLines(
      lines.map((l) => (paid.has(l.serviceId) && !l.creditsPaid ? { ...l, creditsPaid: paid.get(l.serviceId) } : l)),
    );
    this.props.lines = merged;
    this.props.serviceId = merged[0]?.serviceId ?? null;
    this.props.price = merged.length ? priceOfLines(merged) : priceWithoutLines;
    this.setDeposit(deposit, money);
  }

  /**
   * Sets or clears (null) the deposit. It is checked against the price as it is now, so set the lines
   * first: a deposit of 0, or above the price, is refused (CONTRACT §11).
   */
  setDeposit(deposit: Money | null, money: MoneyStyle = DEFAULT_MONEY_STYLE): void {
    if (deposit !== null && deposit.isZero()) throw depositNotPositive(money);
    if (deposit !== null && deposit.cents > this.props.price.cents) throw depositAbovePrice(this.props.price, money);
    this.props.deposit = deposit;
  }

  /** Adds a quantity of a service (to its line if present) and re-prices. */
  addLine(line: ProjectLine): void {
    this.setLines([...this.props.lines, line], this.props.price);
  }

  /**
   * Pays every eligible line not yet paid with credits (CONTRACT §4); `creditCostOf` gives a service's
   * credit cost, or null when it is not credit-eligible. Answers the credits spent (0 when nothing was eligible).
   */
  payEligibleLinesWithCredits(creditCostOf: (serviceId: number) => number | null): number {
    let spent = 0;
    this.props.lines = this.props.lines.map((line) => {
      const cost = creditCostOf(line.serviceId);
      if (cost === null || (line.creditsPaid ?? 0) > 0) return line;
      spent += cost * line.quantity;
      return { ...line, creditsPaid: cost * line.quantity };
    });
    return spent;
  }

  /** Credits the eligible, not yet credit-paid lines would cost now (the 'Use Credits (N)' figure). */
  creditsDue(creditCostOf: (serviceId: number) => number | null): number {
    return this.props.lines.reduce((sum, l) => {
      const cost = creditCostOf(l.serviceId);
      return cost === null || (l.creditsPaid ?? 0) > 0 ? sum : sum + cost * l.quantity;
    }, 0);
  }

  /** The money value of the eligible lines not yet paid with credits: what a redemption would take off the price. */
  creditValueDue(creditCostOf: (serviceId: number) => number | null): Money {
    return priceOfLines(this.props.lines.filter((l) => creditCostOf(l.serviceId) !== null && !(l.creditsPaid ?? 0)));
  }

  /** True when some line is not paid with credits (it is paid, or due, in money). */
  get hasLinesForMoney(): boolean {
    return this.props.lines.some((l) => !(l.creditsPaid ?? 0));
  }

  /**
   * Paid is derived, never decided here (CONTRACT §12): nothing is owed on the project. Billing decides it
   * (decision 0045) and the repository hands its answer back after a write.
   */
  paidAsDerived(isPaid: boolean): void {
    this.props.isPaid = isPaid;
  }
}
