import { Link } from 'react-router-dom';

export function Brand() {
  return (
    <Link to="/" className="clubs-brand" aria-label="Clubs home">
      <span className="clubs-brand__mark" aria-hidden="true" />
      Clubs
    </Link>
  );
}
