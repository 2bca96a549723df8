import { EnPreparation } from '../EnPreparation';

export default function OngletTaches() {
  return <EnPreparation />;
}
