import { EnPreparation } from '../EnPreparation';

export default function OngletCampagnes() {
  return <EnPreparation />;
}
