import { ApiProperty } from '@nestjs/swagger';

export class ProjectServiceLine {
  @ApiProperty({ example: 3 }) serviceId: number;
  @ApiProperty({ example: 'Aerial photography' }) name: string;
  @ApiProperty({ example: 'Drone shots of the property' }) description: string;
  @ApiProperty({ example: 150, description: 'Unit price in dollars, as when the service was added' }) price: number;
  @ApiProperty({ example: 2 }) quantity: number;
  @ApiProperty({ example: 300 }) lineTotal: number;
  @ApiProperty({ example: false }) creditEligible: boolean;
  @ApiProperty({ example: 1 }) creditCost: number;
  @ApiProperty({ example: false, description: 'Paid with credits (spec §3 project_service_payments)' }) paidWithCredits: boolean;
}

export class NextInstallment {
  @ApiProperty({ example: 2 }) number: number;
  @ApiProperty({ example: 3, description: 'Installments in the schedule' }) count: number;
  @ApiProperty({ example: 'Installment 2' }) label: string;
  @ApiProperty({ example: 750, description: 'Dollars still owed on it' }) amount: number;
  @ApiProperty({ example: '2026-12-24' }) dueDate: string;
  @ApiProperty({ example: false }) overdue: boolean;
}

export class ProjectResponse {
  @ApiProperty({ example: 4 }) id: number;
  @ApiProperty({ example: 'Harbour Lane listing' }) name: string;
  @ApiProperty({ example: '' }) description: string;
  @ApiProperty({ example: 7 }) clientId: number;
  @ApiProperty({ example: 'Ann Lee' }) clientName: string;
  @ApiProperty({ example: 3, nullable: true, type: Number }) serviceId: number | null;
  @ApiProperty({ example: 'https://images.example.com/harbour.jpg', nullable: true, type: String }) thumbnailUrl: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'For a client, only once the project is paid' }) downloadLink: string | null;
  @ApiProperty({ example: 120 }) photoCount: number;
  @ApiProperty({ example: 349.99 }) price: number;
  @ApiProperty({ example: false }) isPaid: boolean;
  @ApiProperty({ format: 'date-time' }) date: string;
  @ApiProperty({ example: 0, description: 'Completed payments, dollars' }) amountPaid: number;
  @ApiProperty({
    example: 349.99,
    description: 'What is still owed in money, dollars: price − services paid with credits − completed payments (0 once paid)',
  })
  unpaidAmount: number;
  @ApiProperty({
    example: 100,
    nullable: true,
    type: Number,
    description: 'The deposit asked before the rest, dollars (CONTRACT §11); null when none',
  })
  depositAmount: number | null;
  @ApiProperty({
    example: 100,
    nullable: true,
    type: Number,
    description:
      "What 'Pay Deposit' pays now, dollars: the deposit (at most what is owed) while nothing is paid, by card or with credits; null when the project has no deposit or something is paid ('Pay Balance')",
  })
  depositDue: number | null;
  @ApiProperty({ example: 12, nullable: true, type: Number, description: "The project's invoice (CONTRACT §14)" }) invoiceId: number | null;
  @ApiProperty({
    example: 'INV-000123',
    nullable: true,
    type: String,
    description: 'null while the invoice is a draft (a project without a total)',
  })
  invoiceNumber: string | null;
  @ApiProperty({
    type: NextInstallment,
    nullable: true,
    description: 'The first installment still owed (what the card pays by default); null when nothing is owed',
  })
  nextInstallment: NextInstallment | null;
  @ApiProperty({ example: 2, description: 'Σ creditCost × quantity over credit-eligible lines' }) creditCost: number;
  @ApiProperty({ example: 2, description: "Credits the eligible services not yet paid with credits would cost now ('Use Credits (N)')" })
  creditsDue: number;
  @ApiProperty({ type: ProjectServiceLine, isArray: true }) services: ProjectServiceLine[];
}

export class ProjectServiceRef {
  @ApiProperty({ example: 3 }) serviceId: number;
  @ApiProperty({ example: 2 }) quantity: number;
}
