import CreditCard from '@mui/icons-material/CreditCard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { TestPaymentMethod } from '../../../../shared/api/schema';
import {
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  paymentMethodForCard,
  TEST_MODE_HINT,
  validateTestCard,
  type TestCardErrors,
  type TestCardValues,
} from '../helpers';
import { PayButton } from './PayButton';

export interface TestCardFormProps {
  /** dollars, shown on the submit button */
  amount: number;
  /** a payment is being confirmed: the fields and the button are disabled */
  pending: boolean;
  /** called with the payment method of a valid test card */
  onPay: (paymentMethod: TestPaymentMethod) => void;
}

const EMPTY: TestCardValues = { cardNumber: '', expiry: '', cvc: '' };
const FIELDS: (keyof TestCardValues)[] = ['cardNumber', 'expiry', 'cvc'];

/**
 * Emulator mode's card form: card number, expiry (MM/YY) and CVC. The number picks the emulator's payment
 * method (4242… pays, 4000 0000 0000 0002 is declined); nothing is sent for an invalid card.
 */
export function TestCardForm({ amount, pending, onPay }: TestCardFormProps) {
  const [values, setValues] = useState<TestCardValues>(EMPTY);
  const [errors, setErrors] = useState<TestCardErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const cardNumberInput = useRef<HTMLInputElement>(null);
  const expiryInput = useRef<HTMLInputElement>(null);
  const cvcInput = useRef<HTMLInputElement>(null);

  const update = (field: keyof TestCardValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const value =
      field === 'cardNumber' ? formatCardNumber(raw) : field === 'expiry' ? formatExpiry(raw, values.expiry) : digitsOnly(raw).slice(0, 4);
    const next = { ...values, [field]: value };
    setValues(next);
    // after a first attempt the messages follow the typing
    if (submitted) setErrors(validateTestCard(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const found = validateTestCard(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      const inputs = { cardNumber: cardNumberInput, expiry: expiryInput, cvc: cvcInput };
      inputs[firstInvalid].current?.focus();
      return;
    }
    const method = paymentMethodForCard(values.cardNumber);
    if (method) onPay(method);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Card details" sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info" variant="outlined" role="note" sx={{ py: 0.25, bgcolor: '#f0f7ff' }}>
        {TEST_MODE_HINT}
      </Alert>
      <TextField
        label="Card number"
        name="cardNumber"
        value={values.cardNumber}
        onChange={update('cardNumber')}
        error={Boolean(errors.cardNumber)}
        helperText={errors.cardNumber}
        placeholder="4242 4242 4242 4242"
        autoComplete="cc-number"
        inputRef={cardNumberInput}
        disabled={pending}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <CreditCard fontSize="small" aria-hidden />
              </InputAdornment>
            ),
          },
          htmlInput: { inputMode: 'numeric', maxLength: 19 },
        }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField
          label="Expiry (MM/YY)"
          name="expiry"
          value={values.expiry}
          onChange={update('expiry')}
          error={Boolean(errors.expiry)}
          helperText={errors.expiry}
          placeholder="MM/YY"
          autoComplete="cc-exp"
          inputRef={expiryInput}
          disabled={pending}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <TextField
          label="CVC"
          name="cvc"
          value={values.cvc}
          onChange={update('cvc')}
          error={Boolean(errors.cvc)}
          helperText={errors.cvc}
          placeholder="123"
          autoComplete="cc-csc"
          inputRef={cvcInput}
          disabled={pending}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </Box>
      <PayButton amount={amount} pending={pending} />
    </Box>
  );
}
