import { EnPreparation } from '../EnPreparation';

export default function OngletComptes() {
  return <EnPreparation />;
}
