import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import { Title } from 'react-admin';

export function Dashboard() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <CardHeader title="Dashboard" />
      <CardContent>
        <Typography color="text.secondary">
          Users, subscriptions, promotions and system health at a glance.
        </Typography>
      </CardContent>
    </Card>
  );
}
