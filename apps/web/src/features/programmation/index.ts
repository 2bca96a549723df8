/** What other features use of the programming of rounds (spec part 1 §2). */
export { ProgrammationTournees } from './tableau/ProgrammationTournees';
