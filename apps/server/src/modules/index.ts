import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createFichiersRepository } from './fichiers/fichiers.repository';
import { fichiersRoutes } from './fichiers/fichiers.routes';
import { createFichiersService } from './fichiers/fichiers.service';
import { createJournalRepository } from './journal/journal.repository';
import { journalRoutes } from './journal/journal.routes';
import { createJournalService } from './journal/journal.service';
import { createPanierRepository } from './panier/panier.repository';
import { panierRoutes } from './panier/panier.routes';
import { createPanierService } from './panier/panier.service';
import { createOperateursRepository } from './operateurs/operateurs.repository';
import { createOperateursService } from './operateurs/operateurs.service';
import { synchroModule } from './synchro/synchro.module';
import { controlesModule } from './controles/controles.module';
import { tableauDeBordModule } from './tableau-de-bord/tableau-de-bord.module';
import { annuaireModule } from './annuaire/annuaire.module';
import { createTournees, tourneesModule } from './tournees/tournees.module';
import { parametrageModule } from './parametrage/parametrage.module';
import { comptesModule } from './comptes/comptes.module';
import { createMailService } from './mail/mail.service';
import { mailModule } from './mail/mail.module';
import { tachesModule } from './taches/taches.module';

/**
 * Feature modules behind authentication (request.acteur is set). Each feature registers its
 * routes here: one line per module.
 */
export async function registerFeatureModules(app: FastifyInstance, db: Database): Promise<void> {
  await app.register(fichiersRoutes(createFichiersService(createFichiersRepository(db))));
  await app.register(journalRoutes(createJournalService(createJournalRepository(db))));
  const operateurs = createOperateursService(
    createOperateursRepository(db, app.database.dbGenerique),
  );
  const panier = createPanierService(createPanierRepository(db), operateurs);
  await app.register(panierRoutes(panier));
  const tournees = createTournees(db, panier, app.log);
  await app.register(tourneesModule(tournees));
  await app.register(
    synchroModule(db, {
      accuserReception: (utilisateurId, xid, id) =>
        tournees.accuserReception(utilisateurId, xid, id),
    }),
  );
  await app.register(controlesModule(db, tournees));
  await app.register(tableauDeBordModule(db, panier));
  await app.register(annuaireModule(db));
  await app.register(parametrageModule(db));
  const mail = createMailService(app.config, app.log);
  app.addHook('onClose', async () => mail.fermer());
  await app.register(comptesModule(db, mail, app.config.publicUrl));
  await app.register(mailModule(db, mail));
  await app.register(tachesModule(db, mail, app.config.tachesPlanifiees));
}
