import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { DEFAULT_STUDIO, STUDIO_KEY } from '../studio/studio';
import { renderWithApp } from '../../test/utils';
import { Logo } from './Logo';

const withStudio = (studio: Partial<typeof DEFAULT_STUDIO>) => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(STUDIO_KEY, { ...DEFAULT_STUDIO, ...studio });
  return queryClient;
};

describe('Logo', () => {
  it("shows the studio's logo, named by the studio, at a fixed size, and its name", () => {
    renderWithApp(<Logo />, { queryClient: withStudio({ name: 'Harbour Light Photography', logoUrl: '/api/studio/logo?v=3' }) });
    const image = screen.getByRole('img', { name: 'Harbour Light Photography' });
    expect(image).toHaveAttribute('src', '/api/studio/logo?v=3');
    // width and height known before the image loads: nothing moves when it arrives
    expect(image).toHaveAttribute('width', '40');
    expect(image).toHaveAttribute('height', '40');
    expect(screen.getByText('Harbour Light Photography')).toBeInTheDocument();
  });

  it('without a logo shows the camera mark and the name; the small size is 32 px', () => {
    const { container } = renderWithApp(<Logo size="small" />, { queryClient: withStudio({ name: 'Harbour Light Photography' }) });
    expect(screen.queryByRole('img', { name: 'Harbour Light Photography' })).not.toBeInTheDocument();
    expect(container.querySelector('[data-testid="CameraAltOutlinedIcon"]')).not.toBeNull();
    expect(screen.getByText('Harbour Light Photography')).toBeInTheDocument();
  });

  it("the default studio's name until the studio is known", () => {
    renderWithApp(<Logo />);
    expect(screen.getByText('Studio Portal')).toBeInTheDocument();
  });
});
