import { ApiProperty } from '@nestjs/swagger';

export class PaymentResponse {
  @ApiProperty({ example: 12 }) id: number;
  @ApiProperty({ example: 4, nullable: true, type: Number, description: 'null for a credit bundle purchase' }) projectId: number | null;
  @ApiProperty({ example: 'Harbour Lane listing', nullable: true, type: String }) projectName: string | null;
  @ApiProperty({ example: null, nullable: true, type: Number, description: 'The credit bundle bought; null for a project payment' })
  bundleId: number | null;
  @ApiProperty({ example: null, nullable: true, type: String }) bundleName: string | null;
  @ApiProperty({ example: 7, nullable: true, type: Number }) clientId: number | null;
  @ApiProperty({ example: 'Ann Lee' }) clientName: string;
  @ApiProperty({ example: 250, description: 'Dollars' }) amount: number;
  @ApiProperty({ example: '2026-11-21T15:04:00.000Z', format: 'date-time' }) paymentDate: string;
  @ApiProperty({ example: null, nullable: true, type: String }) stripePaymentId: string | null;
  @ApiProperty({
    enum: ['pending', 'completed', 'partially_refunded', 'refunded', 'failed'],
    description: 'A completed payment with refunds is partially_refunded, or refunded once refunded in full',
  })
  status: 'pending' | 'completed' | 'partially_refunded' | 'refunded' | 'failed';
  @ApiProperty({ example: 0, description: 'Dollars refunded so far (refunds that did not fail)' }) refundedAmount: number;
  @ApiProperty({ example: 'Marked as paid by admin', nullable: true, type: String }) note: string | null;
  @ApiProperty({ enum: ['Stripe', 'Manual'] }) method: 'Stripe' | 'Manual';
  @ApiProperty({
    example: 'R-000123',
    nullable: true,
    type: String,
    description: 'The receipt number of a completed payment (its PDF: GET /api/payments/{id}/receipt.pdf); null otherwise',
  })
  receiptNumber: string | null;
}

export class PaymentSummaryResponse {
  @ApiProperty({ example: 1250.5, description: 'Dollars, net of refunds' }) total: number;
  @ApiProperty({ example: 9 }) count: number;
}

class DashboardFigure {
  @ApiProperty({ example: 1250.5 }) amount: number;
  @ApiProperty({ example: 9 }) count: number;
}

class RevenueFigure extends DashboardFigure {
  @ApiProperty({ example: 'November 2026' }) month: string;
}

class ClientsFigure {
  @ApiProperty({ example: 42 }) count: number;
  @ApiProperty({ example: 42, description: 'Equals count (spec §2)' }) newThisMonth: number;
}

export class ActivityItem {
  @ApiProperty({ enum: ['payment', 'project', 'client'] }) type: 'payment' | 'project' | 'client';
  @ApiProperty({ example: 'Payment received' }) title: string;
  @ApiProperty({ example: 'Harbour Lane listing — Ann Lee' }) description: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ example: 250, nullable: true, type: Number }) amount: number | null;
}

export class DashboardResponse {
  @ApiProperty({ type: RevenueFigure }) revenue: RevenueFigure;
  @ApiProperty({ type: DashboardFigure }) pending: DashboardFigure;
  @ApiProperty({
    type: DashboardFigure,
    description: 'Open invoices with an installment past due: how many, and what is past due (CONTRACT §14)',
  })
  overdue: DashboardFigure;
  @ApiProperty({ type: ClientsFigure }) activeClients: ClientsFigure;
  @ApiProperty({ type: ActivityItem, isArray: true }) recentActivity: ActivityItem[];
}
