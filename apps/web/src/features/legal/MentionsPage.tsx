import { Stack, Text, Title } from '@mantine/core';
import { TEXTES_LEGAUX } from '@estive/domain';

export function MentionsPage() {
  return (
    <Stack p="xl" gap="md" maw={760} mx="auto">
      <Title order={1}>Mentions légales</Title>
      {TEXTES_LEGAUX.mentions.map((paragraphe) => (
        <Text key={paragraphe}>{paragraphe}</Text>
      ))}
    </Stack>
  );
}
