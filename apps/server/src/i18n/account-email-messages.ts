/**
 * The server messages of e-mail confirmation and password reset (decisions 253, 254) →
 * de-CH, fr-CH, it-CH; spread into MESSAGES (messages.ts), kept apart like STAFF_MESSAGES.
 */
import type { Translations } from './translations.ts';

export const ACCOUNT_EMAIL_MESSAGES: Record<string, Translations> = {
  // A signed-in user changes their address and password (decision 324).
  'A staff account’s e-mail address cannot be changed here. Please ask an administrator.': {
    de: 'Die E-Mail-Adresse eines Mitarbeiterkontos kann hier nicht geändert werden. Bitte wenden Sie sich an eine Administratorin oder einen Administrator.',
    fr: 'L’adresse e-mail d’un compte du personnel ne peut pas être changée ici. Veuillez vous adresser à un administrateur.',
    it: 'L’indirizzo e-mail di un account del personale non si può cambiare qui. Rivolgiti a un amministratore.',
  },
  'This is already your e-mail address.': {
    de: 'Das ist bereits Ihre E-Mail-Adresse.',
    fr: 'C’est déjà votre adresse e-mail.',
    it: 'Questo è già il tuo indirizzo e-mail.',
  },
  'We have sent several links to change your e-mail address in the last hour. Please check your inbox or try again later.':
    {
      de: 'Wir haben in der letzten Stunde mehrere Links zum Ändern Ihrer E-Mail-Adresse gesendet. Bitte prüfen Sie Ihren Posteingang oder versuchen Sie es später noch einmal.',
      fr: 'Nous avons envoyé plusieurs liens pour changer votre adresse e-mail au cours de la dernière heure. Veuillez vérifier votre boîte de réception ou réessayer plus tard.',
      it: 'Nell’ultima ora abbiamo inviato diversi link per cambiare il tuo indirizzo e-mail. Controlla la tua casella di posta o riprova più tardi.',
    },
  'Your current password is not correct.': {
    de: 'Ihr aktuelles Passwort ist nicht korrekt.',
    fr: 'Votre mot de passe actuel n’est pas correct.',
    it: 'La tua password attuale non è corretta.',
  },
  'Too many wrong passwords. Please wait before trying again.': {
    de: 'Zu viele falsche Passwörter. Bitte warten Sie, bevor Sie es erneut versuchen.',
    fr: 'Trop de mots de passe erronés. Veuillez patienter avant de réessayer.',
    it: 'Troppe password sbagliate. Attendi prima di riprovare.',
  },
  'This link to change your e-mail address is invalid, was already used or has expired. Please ask for a new one on your profile page.':
    {
      de: 'Dieser Link zum Ändern Ihrer E-Mail-Adresse ist ungültig, wurde bereits verwendet oder ist abgelaufen. Bitte fordern Sie auf Ihrer Profilseite einen neuen an.',
      fr: 'Ce lien pour changer votre adresse e-mail n’est pas valide, a déjà été utilisé ou a expiré. Veuillez en demander un nouveau sur votre page de profil.',
      it: 'Questo link per cambiare il tuo indirizzo e-mail non è valido, è già stato usato o è scaduto. Chiedine uno nuovo nella pagina del tuo profilo.',
    },
  'We have sent a link to your new address. Open it within 48 hours to complete the change; until then your address stays as it is.':
    {
      de: 'Wir haben einen Link an Ihre neue Adresse gesendet. Öffnen Sie ihn innert 48 Stunden, um die Änderung abzuschliessen; bis dahin bleibt Ihre Adresse, wie sie ist.',
      fr: 'Nous avons envoyé un lien à votre nouvelle adresse. Ouvrez-le dans les 48 heures pour terminer le changement ; d’ici là, votre adresse reste inchangée.',
      it: 'Abbiamo inviato un link al tuo nuovo indirizzo. Aprilo entro 48 ore per completare la modifica; fino ad allora il tuo indirizzo resta invariato.',
    },
  'This invitation link is invalid, was already used or has expired. Please ask an administrator for a new one.':
    {
      de: 'Dieser Einladungslink ist ungültig, wurde bereits verwendet oder ist abgelaufen. Bitte fordern Sie bei einer Administratorin oder einem Administrator einen neuen an.',
      fr: 'Ce lien d’invitation n’est pas valide, a déjà été utilisé ou a expiré. Veuillez en demander un nouveau à un administrateur.',
      it: 'Questo link d’invito non è valido, è già stato usato o è scaduto. Chiedine uno nuovo a un amministratore.',
    },
  'This confirmation link is invalid, was already used or has expired. Sign in and ask for a new one on your profile page.':
    {
      de: 'Dieser Bestätigungslink ist ungültig, wurde bereits verwendet oder ist abgelaufen. Melden Sie sich an und fordern Sie auf Ihrer Profilseite einen neuen an.',
      fr: 'Ce lien de confirmation n’est pas valide, a déjà été utilisé ou a expiré. Connectez-vous et demandez-en un nouveau sur votre page de profil.',
      it: 'Questo link di conferma non è valido, è già stato usato o è scaduto. Accedi e chiedine uno nuovo nella pagina del tuo profilo.',
    },
  'This password reset link is invalid, was already used or has expired. Please ask for a new one.': {
    de: 'Dieser Link zum Zurücksetzen des Passworts ist ungültig, wurde bereits verwendet oder ist abgelaufen. Bitte fordern Sie einen neuen an.',
    fr: 'Ce lien de réinitialisation du mot de passe n’est pas valide, a déjà été utilisé ou a expiré. Veuillez en demander un nouveau.',
    it: 'Questo link per reimpostare la password non è valido, è già stato usato o è scaduto. Chiedine uno nuovo.',
  },
  'If an account matches, we have sent an e-mail with a link to set a new password. The link works for 60 minutes.':
    {
      de: 'Falls ein Konto passt, haben wir eine E-Mail mit einem Link für ein neues Passwort gesendet. Der Link gilt 60 Minuten.',
      fr: 'Si un compte correspond, nous avons envoyé un e-mail avec un lien pour choisir un nouveau mot de passe. Le lien est valable 60 minutes.',
      it: 'Se un account corrisponde, abbiamo inviato un’e-mail con un link per scegliere una nuova password. Il link vale 60 minuti.',
    },
  'We have sent you a new confirmation e-mail. The link works for 48 hours.': {
    de: 'Wir haben Ihnen eine neue Bestätigungs-E-Mail gesendet. Der Link gilt 48 Stunden.',
    fr: 'Nous vous avons envoyé un nouvel e-mail de confirmation. Le lien est valable 48 heures.',
    it: 'Ti abbiamo inviato una nuova e-mail di conferma. Il link vale 48 ore.',
  },
  'A password reset e-mail is on its way to the account’s address.': {
    de: 'Eine E-Mail zum Zurücksetzen des Passworts ist an die Adresse des Kontos unterwegs.',
    fr: 'Un e-mail de réinitialisation du mot de passe part à l’adresse du compte.',
    it: 'Un’e-mail per reimpostare la password è in arrivo all’indirizzo dell’account.',
  },
  'Your e-mail address is already confirmed.': {
    de: 'Ihre E-Mail-Adresse ist bereits bestätigt.',
    fr: 'Votre adresse e-mail est déjà confirmée.',
    it: 'Il tuo indirizzo e-mail è già confermato.',
  },
  'We have sent several confirmation e-mails in the last hour. Please check your inbox and spam folder, or try again later.':
    {
      de: 'Wir haben in der letzten Stunde mehrere Bestätigungs-E-Mails gesendet. Bitte prüfen Sie Ihren Posteingang und den Spam-Ordner oder versuchen Sie es später wieder.',
      fr: 'Nous avons envoyé plusieurs e-mails de confirmation au cours de la dernière heure. Veuillez vérifier votre boîte de réception et vos spams, ou réessayer plus tard.',
      it: 'Nell’ultima ora abbiamo inviato diverse e-mail di conferma. Controlla la posta in arrivo e lo spam, oppure riprova più tardi.',
    },
  'Too many password reset requests. Please check your inbox or try again later.': {
    de: 'Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte prüfen Sie Ihren Posteingang oder versuchen Sie es später wieder.',
    fr: 'Trop de demandes de réinitialisation du mot de passe. Veuillez vérifier votre boîte de réception ou réessayer plus tard.',
    it: 'Troppe richieste di reimpostazione della password. Controlla la posta in arrivo o riprova più tardi.',
  },
  'User {id} is locked: unlock the account before sending a password reset.': {
    de: 'Benutzer {id} ist gesperrt: Entsperren Sie das Konto, bevor Sie ein neues Passwort anfordern.',
    fr: 'L’utilisateur {id} est bloqué : débloquez le compte avant d’envoyer une réinitialisation du mot de passe.',
    it: 'L’utente {id} è bloccato: sblocca l’account prima di inviare una reimpostazione della password.',
  },
  'The link is incomplete. Please open the link from the e-mail again.': {
    de: 'Der Link ist unvollständig. Bitte öffnen Sie den Link aus der E-Mail erneut.',
    fr: 'Le lien est incomplet. Veuillez rouvrir le lien de l’e-mail.',
    it: 'Il link è incompleto. Riapri il link dell’e-mail.',
  },
  'Enter your username or your e-mail address.': {
    de: 'Geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein.',
    fr: 'Saisissez votre nom d’utilisateur ou votre adresse e-mail.',
    it: 'Inserisci il tuo nome utente o il tuo indirizzo e-mail.',
  },
};
