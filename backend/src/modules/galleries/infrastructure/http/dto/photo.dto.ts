import { ApiProperty } from '@nestjs/swagger';

export class PhotoResponse {
  @ApiProperty({ example: 12 }) id: number;
  @ApiProperty({ example: 'IMG_0042.jpg' }) filename: string;
  @ApiProperty({ example: 8_412_337, description: 'Bytes of the original' }) size: number;
  @ApiProperty({ nullable: true, type: Number, example: 4000, description: 'As displayed (orientation applied); null until processed' })
  width: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 6000 }) height: number | null;
  @ApiProperty({ enum: ['processing', 'ready', 'failed'] }) status: 'processing' | 'ready' | 'failed';
  @ApiProperty({ nullable: true, type: String, description: 'Why processing failed' }) failureReason: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Signed, expires within minutes (an original 5, a thumbnail or preview 20 to 30); null until ready',
  })
  thumbnailUrl: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Watermarked for a client until the project is paid' })
  previewUrl: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The original; null for a client until the project is paid' })
  downloadUrl: string | null;
  @ApiProperty({ example: false }) favorite: boolean;
}
