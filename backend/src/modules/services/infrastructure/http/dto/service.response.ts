import { ApiProperty } from '@nestjs/swagger';

export class ServiceResponse {
  @ApiProperty({ example: 3 }) id: number;
  @ApiProperty({ example: 'Aerial photography' }) name: string;
  @ApiProperty({ example: 'Drone shots of the property' }) description: string;
  @ApiProperty({ example: 150, description: 'Dollars' }) price: number;
  @ApiProperty({ example: true }) isStandard: boolean;
  @ApiProperty({ example: false }) creditEligible: boolean;
  @ApiProperty({ example: 1 }) creditCost: number;
}
