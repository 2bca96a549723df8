import { EnPreparation } from '../EnPreparation';

export default function OngletDocuments() {
  return <EnPreparation />;
}
