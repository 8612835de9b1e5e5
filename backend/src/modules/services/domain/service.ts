import { RuleViolatedError } from '../../../shared/errors/domain-error';
import { Money } from '../../../shared/domain/money';

export interface ServiceProps {
  id: number;
  name: string;
  description: string;
  price: Money;
  isStandard: boolean;
  creditEligible: boolean;
  creditCost: number;
}

export type ServiceInput = Omit<ServiceProps, 'id'>;

/** One offering of the studio's catalogue (spec §3): priced in money, optionally payable with credits. */
export class Service {
  private constructor(readonly props: ServiceProps) {}

  /** Checks the rules of spec §5 "Service form" and answers the service. */
  static create(id: number, input: ServiceInput): Service {
    const name = input.name.trim();
    const description = input.description.trim();
    if (name.length < 3) throw fieldError('name', 'Service name must be at least 3 characters');
    if (description.length > 0 && description.length < 10) throw fieldError('description', 'Description must be at least 10 characters');
    if (!Number.isSafeInteger(input.creditCost) || input.creditCost < 1) throw fieldError('creditCost', 'Credit cost must be at least 1');
    return new Service({ ...input, id, name, description });
  }

  get id(): number {
    return this.props.id;
  }
  get price(): Money {
    return this.props.price;
  }
  get creditEligible(): boolean {
    return this.props.creditEligible;
  }
  get creditCost(): number {
    return this.props.creditCost;
  }
}

function fieldError(field: string, message: string) {
  return new RuleViolatedError('SERVICES.INVALID', message, { [field]: message });
}
