import { EcranAVenir } from '../../ui/EcranAVenir';

export default function Page() {
  return <EcranAVenir titre="Tournée" />;
}
