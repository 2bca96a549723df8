import { EnPreparation } from '../EnPreparation';

export default function OngletGrille() {
  return <EnPreparation />;
}
