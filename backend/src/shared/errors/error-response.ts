import { ApiProperty } from '@nestjs/swagger';

/** The body of every failing API answer (CONTRACT §9), as the error filter writes it (`errorBody`). */
export class ErrorResponse {
  @ApiProperty({ example: 400 }) statusCode: number;
  @ApiProperty({ example: 'Bad Request', description: "The status code's name" }) error: string;
  @ApiProperty({ example: 'Password must be at least 6 characters', description: 'A sentence for people' }) message: string;
  @ApiProperty({ required: false, example: 'AUTH.NOT_SIGNED_IN', description: 'A stable code for programs, when there is one' })
  code?: string;
  @ApiProperty({
    required: false,
    type: Object,
    additionalProperties: { type: 'string' },
    example: { password: 'Password must be at least 6 characters' },
    description: 'Field -> message, for validation errors',
  })
  errors?: Record<string, string>;
  @ApiProperty({ required: false, description: "The request's id, as in the server log" }) requestId?: string;
}
