/**
 * The back office's server messages (issue 29) → de-CH, fr-CH, it-CH; spread into MESSAGES
 * (messages.ts), kept apart so that the other issues' additions there do not collide.
 */
import type { Translations } from './translations.ts';

export const STAFF_MESSAGES: Record<string, Translations> = {
  'Staff account {id} is disabled: enable it before sending an invitation.': {
    de: 'Das Mitarbeiterkonto {id} ist deaktiviert: Aktivieren Sie es, bevor Sie eine Einladung senden.',
    fr: 'Le compte du personnel {id} est désactivé : activez-le avant d’envoyer une invitation.',
    it: 'L’account del personale {id} è disattivato: attivalo prima di inviare un invito.',
  },
  'Staff account {id} has signed in already: send a password reset from the users screen instead.': {
    de: 'Das Mitarbeiterkonto {id} hat sich bereits angemeldet: Senden Sie stattdessen auf der Benutzerseite eine Passwort-Zurücksetzung.',
    fr: 'Le compte du personnel {id} s’est déjà connecté : envoyez plutôt une réinitialisation du mot de passe depuis l’écran des utilisateurs.',
    it: 'L’account del personale {id} ha già effettuato l’accesso: invia invece un ripristino della password dalla schermata degli utenti.',
  },
  'Staff account {id} does not exist.': {
    de: 'Das Mitarbeiterkonto {id} existiert nicht.',
    fr: 'Le compte du personnel {id} n’existe pas.',
    it: 'L’account del personale {id} non esiste.',
  },
  'This is the last enabled staff account with the admin permission: give another account admin first.': {
    de: 'Dies ist das letzte aktive Mitarbeiterkonto mit der Berechtigung admin: Geben Sie zuerst einem anderen Konto admin.',
    fr: 'C’est le dernier compte du personnel actif avec la permission admin : donnez d’abord admin à un autre compte.',
    it: 'È l’ultimo account del personale attivo con il permesso admin: dai prima admin a un altro account.',
  },
  "Bank refund {id} is waiting for the customer's bank account, so it cannot be paid out yet.": {
    de: 'Die Bankrückerstattung {id} wartet auf das Bankkonto der Kundin oder des Kunden und kann noch nicht ausbezahlt werden.',
    fr: 'Le remboursement bancaire {id} attend le compte bancaire du client : il ne peut pas encore être versé.',
    it: 'Il rimborso bancario {id} attende il conto bancario del cliente: non può ancora essere versato.',
  },
  'No refund of order {id} is waiting for a bank account.': {
    de: 'Keine Rückerstattung der Bestellung {id} wartet auf ein Bankkonto.',
    fr: 'Aucun remboursement de la commande {id} n’attend de compte bancaire.',
    it: 'Nessun rimborso dell’ordine {id} attende un conto bancario.',
  },
  'TWINT is still processing this payment. Please try again in a moment.': {
    de: 'TWINT verarbeitet diese Zahlung noch. Bitte versuchen Sie es gleich nochmals.',
    fr: 'TWINT traite encore ce paiement. Veuillez réessayer dans un instant.',
    it: 'TWINT sta ancora elaborando questo pagamento. Riprova tra un momento.',
  },
  'Enter the code from your authenticator app.': {
    de: 'Geben Sie den Code aus Ihrer Authenticator-App ein.',
    fr: 'Saisissez le code de votre application d’authentification.',
    it: 'Inserisci il codice della tua app di autenticazione.',
  },
  'This recovery code is not valid or was used already.': {
    de: 'Dieser Wiederherstellungscode ist ungültig oder wurde bereits verwendet.',
    fr: 'Ce code de récupération n’est pas valide ou a déjà été utilisé.',
    it: 'Questo codice di recupero non è valido o è già stato usato.',
  },
  'The code is not valid. Enter the current code.': {
    de: 'Der Code ist ungültig. Geben Sie den aktuellen Code ein.',
    fr: 'Le code n’est pas valide. Saisissez le code actuel.',
    it: 'Il codice non è valido. Inserisci il codice attuale.',
  },
  'This code was used already. Wait for the next code.': {
    de: 'Dieser Code wurde bereits verwendet. Warten Sie auf den nächsten Code.',
    fr: 'Ce code a déjà été utilisé. Attendez le code suivant.',
    it: 'Questo codice è già stato usato. Attendi il prossimo codice.',
  },
  'Set up two-factor sign-in: scan the QR code with an authenticator app and enter its code.': {
    de: 'Richten Sie die Zwei-Faktor-Anmeldung ein: Scannen Sie den QR-Code mit einer Authenticator-App und geben Sie deren Code ein.',
    fr: 'Configurez la connexion à deux facteurs : scannez le code QR avec une application d’authentification et saisissez son code.',
    it: 'Configura l’accesso a due fattori: scansiona il codice QR con un’app di autenticazione e inserisci il suo codice.',
  },
  'This account is locked. Please contact support.': {
    de: 'Dieses Konto ist gesperrt. Bitte wenden Sie sich an den Support.',
    fr: 'Ce compte est bloqué. Veuillez contacter le support.',
    it: 'Questo account è bloccato. Contatta il supporto.',
  },
  'Give a reason: it is shown to the seller and kept in the audit log.': {
    de: 'Geben Sie eine Begründung an: Sie wird dem Verkäufer angezeigt und im Prüfprotokoll festgehalten.',
    fr: 'Indiquez un motif : il est montré au vendeur et conservé dans le journal d’audit.',
    it: 'Indica un motivo: viene mostrato al venditore e conservato nel registro di controllo.',
  },
  'A report text has at most 2000 characters.': {
    de: 'Ein Meldungstext hat höchstens 2000 Zeichen.',
    fr: 'Le texte d’un signalement comporte au plus 2000 caractères.',
    it: 'Il testo di una segnalazione ha al massimo 2000 caratteri.',
  },
  'from: use YYYY-MM-DD.': {
    de: 'from: im Format JJJJ-MM-TT angeben.',
    fr: 'from : utilisez le format AAAA-MM-JJ.',
    it: 'from: usa il formato AAAA-MM-GG.',
  },
  'to: use YYYY-MM-DD.': {
    de: 'to: im Format JJJJ-MM-TT angeben.',
    fr: 'to : utilisez le format AAAA-MM-JJ.',
    it: 'to: usa il formato AAAA-MM-GG.',
  },
  'Seller {id} does not exist.': {
    de: 'Verkäufer {id} existiert nicht.',
    fr: 'Le vendeur {id} n’existe pas.',
    it: 'Il venditore {id} non esiste.',
  },
  'Review {id} does not exist.': {
    de: 'Bewertung {id} existiert nicht.',
    fr: 'L’avis {id} n’existe pas.',
    it: 'La recensione {id} non esiste.',
  },
  'You have sent {count} reports in the last hour. Please wait before sending another.': {
    de: 'Sie haben in der letzten Stunde {count} Meldungen gesendet. Bitte warten Sie, bevor Sie eine weitere senden.',
    fr: 'Vous avez envoyé {count} signalements au cours de la dernière heure. Veuillez patienter avant d’en envoyer un autre.',
    it: 'Hai inviato {count} segnalazioni nell’ultima ora. Attendi prima di inviarne un’altra.',
  },
  'Report {id} does not exist.': {
    de: 'Meldung {id} existiert nicht.',
    fr: 'Le signalement {id} n’existe pas.',
    it: 'La segnalazione {id} non esiste.',
  },
};
