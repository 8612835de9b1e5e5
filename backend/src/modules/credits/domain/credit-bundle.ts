import { Money } from '../../../shared/domain/money';
import { RuleViolatedError } from '../../../shared/errors/domain-error';

export interface BundleProps {
  id: number;
  name: string;
  description: string;
  creditAmount: number;
  price: Money;
  isActive: boolean;
}

const field = (name: string, message: string) => new RuleViolatedError('CREDITS.BAD_BUNDLE', message, { [name]: message });

/** A pack of credits sold at its own price (spec §3, §5 "Bundle form"). Price per credit = price ÷ credits. */
export class CreditBundle {
  private constructor(readonly props: BundleProps) {}

  static create(props: BundleProps): CreditBundle {
    const name = props.name.trim();
    if (!name) throw field('name', 'Bundle name is required');
    if (props.price.cents < 100) throw field('price', 'Price must be at least 1');
    if (!Number.isSafeInteger(props.creditAmount) || props.creditAmount < 1)
      throw field('creditAmount', 'Credit amount must be at least 1');
    return new CreditBundle({ ...props, name, description: props.description.trim() });
  }

  get id(): number {
    return this.props.id;
  }
}
