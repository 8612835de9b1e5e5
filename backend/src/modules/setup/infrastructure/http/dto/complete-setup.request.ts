import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsTimeZone, MaxLength, MinLength } from 'class-validator';
import { BasicPasswordField, EmailField, UsernameField } from '../../../../../shared/http/account-fields';
import { EmptyAsUndefined, Trim } from '../../../../../shared/http/transforms';

/** The setup page's form: the studio's name, and the admin with the rules and messages of registration. */
export class CompleteSetupRequest {
  @ApiProperty({ example: 'Harbour Light Photography', minLength: 1, maxLength: 100 })
  @Trim()
  @IsString({ message: 'Studio name is required' })
  @MinLength(1, { message: 'Studio name is required' })
  @MaxLength(100, { message: 'Studio name must be at most 100 characters' })
  studioName: string;

  /** The photographer's name: the admin account's name (registration's rules). */
  @UsernameField()
  name: string;

  @EmailField()
  email: string;

  @BasicPasswordField()
  password: string;

  @ApiProperty({ example: '123-456', description: "The one-time code printed in the server's console at start (`SETUP CODE: 123-456`)" })
  @Trim()
  @IsString({ message: "Enter the setup code printed in the server's console" })
  @MinLength(1, { message: "Enter the setup code printed in the server's console" })
  @MaxLength(20, { message: "The setup code is not right. It is printed in the server's console." })
  code: string;

  @ApiPropertyOptional({ example: 'Europe/Dublin', description: "The browser's IANA time zone, for the studio (UTC when absent)" })
  @EmptyAsUndefined()
  @IsOptional()
  @IsString({ message: 'Time zone must be a time zone such as Europe/Paris' })
  @MaxLength(64, { message: 'Time zone must be a time zone such as Europe/Paris' })
  @IsTimeZone({ message: 'Time zone must be a time zone such as Europe/Paris' })
  timeZone?: string;
}

export class SetupNeededResponse {
  @ApiProperty({ enum: [true], example: true })
  needed: true;
}
