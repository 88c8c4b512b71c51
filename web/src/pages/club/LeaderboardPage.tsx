import { Placeholder } from '../../components/Placeholder.tsx';

export default function LeaderboardPage() {
  return <Placeholder title="Leaderboard" />;
}
