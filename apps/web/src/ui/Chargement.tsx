import { Center, Loader } from '@mantine/core';

export function Chargement() {
  return (
    <Center h="50vh" aria-busy="true">
      <Loader aria-label="Chargement" />
    </Center>
  );
}
