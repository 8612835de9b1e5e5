import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'users' })
export class UserOrmEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  username: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  company: string | null;

  @Column({ type: 'varchar', length: 10, default: 'client' })
  role: 'client' | 'admin';

  @Column({ name: 'reset_code_hash', type: 'text', nullable: true })
  resetCodeHash: string | null;

  @Column({ name: 'reset_code_expires_at', type: 'timestamptz', nullable: true })
  resetCodeExpiresAt: Date | null;

  @Column({ name: 'reset_code_attempts', type: 'int', default: 0 })
  resetCodeAttempts: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  /** Written by the auth module only (two-factor on/off), never by this module's saves. */
  @Column({ name: 'two_factor_enabled_at', type: 'timestamptz', nullable: true, insert: false, update: false })
  twoFactorEnabledAt: Date | null;
}
