/**
 * The catalogue of server messages: the English sentence as the code sends it (with
 * {placeholders} for the parts that change: ids, names, numbers) → its de-CH, fr-CH and
 * it-CH wording. Written by hand for Swiss readers: de-CH with "ss" (never "ß"), formal
 * "Sie"; fr as in Romandie, "vous"; it as in Ticino, "tu" like the web app. Field and
 * parameter names of the API (limit, type, paypalOrderId, …) stay as they are.
 *
 * messages.test.ts reads the server and shared sources and fails when a message is missing
 * here: a new English message needs its three translations in the same change.
 */
import { ACCOUNT_EMAIL_MESSAGES } from './account-email-messages.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';
import type { Translations } from './translations.ts';

export type { Translations } from './translations.ts';

type Catalogue = Record<string, Translations>;

/** `idParam(value, what)` ("… is not a valid product id."): one entry per kind of id, so each reads naturally. */
const ID_KINDS: Record<string, Translations> = {
  product: { de: 'Produkt-ID', fr: 'de produit', it: 'di prodotto' },
  order: { de: 'Bestell-ID', fr: 'de commande', it: 'di ordine' },
  'order item': { de: 'Bestellpositions-ID', fr: 'd’article de commande', it: 'di articolo dell’ordine' },
  'seller order': { de: 'Verkäuferbestellungs-ID', fr: 'de commande vendeur', it: 'di ordine venditore' },
  profile: { de: 'Profil-ID', fr: 'de profil', it: 'di profilo' },
  stock: { de: 'Bestands-ID', fr: 'de stock', it: 'di giacenza' },
  store: { de: 'Laden-ID', fr: 'de magasin', it: 'di negozio' },
  user: { de: 'Benutzer-ID', fr: 'd’utilisateur', it: 'di utente' },
  'bank refund': {
    de: 'Bankrückerstattungs-ID',
    fr: 'de remboursement bancaire',
    it: 'di rimborso bancario',
  },
  refund: { de: 'Rückerstattungs-ID', fr: 'de remboursement', it: 'di rimborso' },
  'payout run': { de: 'Auszahlungslauf-ID', fr: 'de versement groupé', it: 'di pagamento cumulativo' },
  review: { de: 'Bewertungs-ID', fr: 'd’avis', it: 'di recensione' },
  report: { de: 'Meldungs-ID', fr: 'de signalement', it: 'di segnalazione' },
  'staff account': {
    de: 'Mitarbeiterkonto-ID',
    fr: 'de compte du personnel',
    it: 'di account del personale',
  },
};

function idEntries(): Catalogue {
  return Object.fromEntries(
    Object.entries(ID_KINDS).map(([kind, t]) => [
      `"{value}" is not a valid ${kind} id.`,
      {
        de: `«{value}» ist keine gültige ${t.de}.`,
        fr: `«{value}» n’est pas un identifiant ${t.fr} valide.`,
        it: `«{value}» non è un ID ${t.it} valido.`,
      },
    ]),
  );
}

const PICTURE_TYPES = 'JPEG, PNG, WebP, GIF or AVIF';

export const MESSAGES: Catalogue = {
  // ── lib/errors.ts, lib/multipart.ts, lib/validation.ts ──────────────────────────────
  'Authentication credentials were not provided or are invalid.': {
    de: 'Die Anmeldedaten fehlen oder sind ungültig.',
    fr: 'Les informations d’authentification sont manquantes ou invalides.',
    it: 'Le credenziali di accesso mancano o non sono valide.',
  },
  'You do not have permission to perform this action.': {
    de: 'Sie sind nicht berechtigt, diese Aktion auszuführen.',
    fr: 'Vous n’êtes pas autorisé à effectuer cette action.',
    it: 'Non hai l’autorizzazione per eseguire questa azione.',
  },
  'The request body must be a JSON object.': {
    de: 'Der Inhalt der Anfrage muss ein JSON-Objekt sein.',
    fr: 'Le corps de la requête doit être un objet JSON.',
    it: 'Il corpo della richiesta deve essere un oggetto JSON.',
  },
  'Unexpected file field "{field}": send the image as "{expected}".': {
    de: 'Unerwartetes Dateifeld «{field}»: Senden Sie das Bild als «{expected}».',
    fr: 'Champ de fichier inattendu «{field}» : envoyez l’image dans le champ «{expected}».',
    it: 'Campo file inatteso «{field}»: invia l’immagine come «{expected}».',
  },
  'The image is too large: images may be at most {mb} MB.': {
    de: 'Das Bild ist zu gross: Bilder dürfen höchstens {mb} MB haben.',
    fr: 'L’image est trop volumineuse : {mb} Mo au maximum.',
    it: 'L’immagine è troppo grande: al massimo {mb} MB.',
  },
  'Send at most one image.': {
    de: 'Senden Sie höchstens ein Bild.',
    fr: 'Envoyez une seule image au maximum.',
    it: 'Invia al massimo un’immagine.',
  },
  'Too many form fields.': {
    de: 'Zu viele Formularfelder.',
    fr: 'Trop de champs de formulaire.',
    it: 'Troppi campi nel modulo.',
  },
  'The multipart body is malformed.': {
    de: 'Der Multipart-Inhalt der Anfrage ist fehlerhaft.',
    fr: 'Le corps multipart de la requête est mal formé.',
    it: 'Il corpo multipart della richiesta non è valido.',
  },
  ...idEntries(),

  // ── accounts ────────────────────────────────────────────────────────────────────────
  'Too many registrations from this address. Please try again later.': {
    de: 'Zu viele Registrierungen von dieser Adresse. Bitte versuchen Sie es später noch einmal.',
    fr: 'Trop d’inscriptions depuis cette adresse. Veuillez réessayer plus tard.',
    it: 'Troppe registrazioni da questo indirizzo. Riprova più tardi.',
  },
  'A user with that username already exists.': {
    de: 'Dieser Benutzername ist bereits vergeben.',
    fr: 'Ce nom d’utilisateur est déjà pris.',
    it: 'Questo nome utente è già in uso.',
  },
  'The password may not be your username or e-mail address.': {
    de: 'Das Passwort darf nicht Ihr Benutzername oder Ihre E-Mail-Adresse sein.',
    fr: 'Le mot de passe ne peut pas être votre nom d’utilisateur ou votre adresse e-mail.',
    it: 'La password non può essere il tuo nome utente o il tuo indirizzo e-mail.',
  },
  'This password is one of the most common passwords. Please choose one that is harder to guess.': {
    de: 'Dieses Passwort gehört zu den häufigsten Passwörtern. Bitte wählen Sie eines, das schwerer zu erraten ist.',
    fr: 'Ce mot de passe fait partie des mots de passe les plus courants. Veuillez en choisir un plus difficile à deviner.',
    it: 'Questa password è tra le più comuni. Scegline una più difficile da indovinare.',
  },
  'A username may not contain text-direction control characters.': {
    de: 'Ein Benutzername darf keine Steuerzeichen für die Schreibrichtung enthalten.',
    fr: 'Un nom d’utilisateur ne peut pas contenir de caractères de contrôle du sens d’écriture.',
    it: 'Un nome utente non può contenere caratteri di controllo della direzione del testo.',
  },
  'A username may not contain invisible characters such as zero-width spaces.': {
    de: 'Ein Benutzername darf keine unsichtbaren Zeichen wie Leerzeichen ohne Breite enthalten.',
    fr: 'Un nom d’utilisateur ne peut pas contenir de caractères invisibles comme les espaces sans chasse.',
    it: 'Un nome utente non può contenere caratteri invisibili come gli spazi a larghezza zero.',
  },
  'A username may not mix letters of different scripts, such as Latin and Cyrillic.': {
    de: 'Ein Benutzername darf keine Buchstaben verschiedener Schriften mischen, etwa lateinische und kyrillische.',
    fr: 'Un nom d’utilisateur ne peut pas mélanger des lettres d’écritures différentes, comme le latin et le cyrillique.',
    it: 'Un nome utente non può mescolare lettere di alfabeti diversi, come il latino e il cirillico.',
  },
  'Too many failed logins for this account. Please wait before trying again.': {
    de: 'Zu viele fehlgeschlagene Anmeldungen für dieses Konto. Bitte warten Sie, bevor Sie es erneut versuchen.',
    fr: 'Trop de connexions échouées pour ce compte. Veuillez patienter avant de réessayer.',
    it: 'Troppi accessi non riusciti per questo conto. Attendi prima di riprovare.',
  },
  'Too many sign-in attempts for this account right now. Please wait a moment and try again.': {
    de: 'Im Moment gibt es zu viele Anmeldeversuche für dieses Konto. Bitte warten Sie einen Augenblick und versuchen Sie es dann erneut.',
    fr: 'Trop de tentatives de connexion pour ce compte en ce moment. Veuillez patienter un instant et réessayer.',
    it: 'Troppi tentativi di accesso per questo conto in questo momento. Attendi un attimo e riprova.',
  },
  'Too many failed logins from this address. Please wait before trying again.': {
    de: 'Zu viele fehlgeschlagene Anmeldungen von dieser Adresse. Bitte warten Sie, bevor Sie es erneut versuchen.',
    fr: 'Trop de connexions échouées depuis cette adresse. Veuillez patienter avant de réessayer.',
    it: 'Troppi accessi non riusciti da questo indirizzo. Attendi prima di riprovare.',
  },
  // The spec's English wording (no full stop) stays the English answer.
  'Invalid username or password': {
    de: 'Ungültiger Benutzername oder ungültiges Passwort',
    fr: 'Nom d’utilisateur ou mot de passe invalide',
    it: 'Nome utente o password non validi',
  },
  'Log in to create a profile: without a token, a profile can only be created right after registering.': {
    de: 'Melden Sie sich an, um ein Profil zu erstellen: Ohne Token kann ein Profil nur direkt nach der Registrierung erstellt werden.',
    fr: 'Connectez-vous pour créer un profil : sans jeton, un profil ne peut être créé que juste après l’inscription.',
    it: 'Accedi per creare un profilo: senza token, un profilo può essere creato solo subito dopo la registrazione.',
  },
  'You can only create a profile for your own account.': {
    de: 'Sie können nur für Ihr eigenes Konto ein Profil erstellen.',
    fr: 'Vous ne pouvez créer un profil que pour votre propre compte.',
    it: 'Puoi creare un profilo solo per il tuo conto.',
  },
  'This account already has a profile.': {
    de: 'Dieses Konto hat bereits ein Profil.',
    fr: 'Ce compte a déjà un profil.',
    it: 'Questo conto ha già un profilo.',
  },
  'Order {id} has no credit note for refund {refund}.': {
    de: 'Bestellung {id} hat keine Gutschrift zur Rückerstattung {refund}.',
    fr: 'La commande {id} n’a pas de note de crédit pour le remboursement {refund}.',
    it: 'L’ordine {id} non ha una nota di credito per il rimborso {refund}.',
  },
  'Order {id} is not paid yet: its receipt is issued once it is paid.': {
    de: 'Bestellung {id} ist noch nicht bezahlt: Die Quittung wird nach der Zahlung ausgestellt.',
    fr: 'La commande {id} n’est pas encore payée : sa quittance est établie dès le paiement.',
    it: 'L’ordine {id} non è ancora pagato: la ricevuta viene emessa dopo il pagamento.',
  },
  'Choose a VAT rate: standard, reduced or exempt.': {
    de: 'Wählen Sie einen MWST-Satz: standard, reduced oder exempt.',
    fr: 'Choisissez un taux de TVA : standard, reduced ou exempt.',
    it: 'Scegli un’aliquota IVA: standard, reduced o exempt.',
  },
  'quarter must read like 2026-Q4.': {
    de: 'quarter muss wie 2026-Q4 lauten.',
    fr: 'quarter doit s’écrire comme 2026-Q4.',
    it: 'quarter deve essere scritto come 2026-Q4.',
  },
  'year must be a year like 2026.': {
    de: 'year muss ein Jahr wie 2026 sein.',
    fr: 'year doit être une année comme 2026.',
    it: 'year deve essere un anno come 2026.',
  },
  'Profile {id} does not exist.': {
    de: 'Profil {id} existiert nicht.',
    fr: 'Le profil {id} n’existe pas.',
    it: 'Il profilo {id} non esiste.',
  },
  'No category is called "{name}".': {
    de: 'Es gibt keine Kategorie «{name}».',
    fr: 'Aucune catégorie ne s’appelle «{name}».',
    it: 'Nessuna categoria si chiama «{name}».',
  },
  'A category name has at most {max} characters.': {
    de: 'Ein Kategoriename hat höchstens {max} Zeichen.',
    fr: 'Un nom de catégorie compte au plus {max} caractères.',
    it: 'Il nome di una categoria ha al massimo {max} caratteri.',
  },
  'Category {id} does not exist.': {
    de: 'Kategorie {id} existiert nicht.',
    fr: 'La catégorie {id} n’existe pas.',
    it: 'La categoria {id} non esiste.',
  },
  'User {id} does not exist.': {
    de: 'Benutzer {id} existiert nicht.',
    fr: 'L’utilisateur {id} n’existe pas.',
    it: 'L’utente {id} non esiste.',
  },
  'Your account has 1 paid seller order that is not completed yet. Complete them before deleting the account.':
    {
      de: 'Ihr Konto hat 1 bezahlte Verkäuferbestellung, die noch nicht abgeschlossen ist. Schliessen Sie sie ab, bevor Sie das Konto löschen.',
      fr: 'Votre compte a 1 commande vendeur payée qui n’est pas encore terminée. Terminez-la avant de supprimer le compte.',
      it: 'Il tuo conto ha 1 ordine venditore pagato non ancora completato. Completalo prima di eliminare il conto.',
    },
  'Your account has {count} paid seller orders that are not completed yet. Complete them before deleting the account.':
    {
      de: 'Ihr Konto hat {count} bezahlte Verkäuferbestellungen, die noch nicht abgeschlossen sind. Schliessen Sie sie ab, bevor Sie das Konto löschen.',
      fr: 'Votre compte a {count} commandes vendeur payées qui ne sont pas encore terminées. Terminez-les avant de supprimer le compte.',
      it: 'Il tuo conto ha {count} ordini venditore pagati non ancora completati. Completali prima di eliminare il conto.',
    },

  // ── catalogue ───────────────────────────────────────────────────────────────────────
  'Only seller accounts can create products.': {
    de: 'Nur Verkäuferkonten können Produkte erfassen.',
    fr: 'Seuls les comptes vendeur peuvent créer des produits.',
    it: 'Solo i conti venditore possono creare prodotti.',
  },
  'Product {id} does not exist.': {
    de: 'Produkt {id} existiert nicht.',
    fr: 'Le produit {id} n’existe pas.',
    it: 'Il prodotto {id} non esiste.',
  },
  'Subcategory {subcategory} does not belong to category {category}.': {
    de: 'Unterkategorie {subcategory} gehört nicht zur Kategorie {category}.',
    fr: 'La sous-catégorie {subcategory} n’appartient pas à la catégorie {category}.',
    it: 'La sottocategoria {subcategory} non appartiene alla categoria {category}.',
  },
  'Subcategory {id} does not exist.': {
    de: 'Unterkategorie {id} existiert nicht.',
    fr: 'La sous-catégorie {id} n’existe pas.',
    it: 'La sottocategoria {id} non esiste.',
  },
  'Please login to write a review': {
    de: 'Bitte melden Sie sich an, um eine Bewertung zu schreiben',
    fr: 'Veuillez vous connecter pour écrire un avis',
    it: 'Accedi per scrivere una recensione',
  },
  'Only users with a customer profile can write a review': {
    de: 'Nur Benutzer mit einem Kundenprofil können eine Bewertung schreiben',
    fr: 'Seuls les utilisateurs avec un profil client peuvent écrire un avis',
    it: 'Solo gli utenti con un profilo cliente possono scrivere una recensione',
  },
  'You have written {count} reviews in the last hour. Please wait before writing another.': {
    de: 'Sie haben in der letzten Stunde {count} Bewertungen geschrieben. Bitte warten Sie, bevor Sie eine weitere schreiben.',
    fr: 'Vous avez écrit {count} avis au cours de la dernière heure. Veuillez patienter avant d’en écrire un autre.',
    it: 'Hai scritto {count} recensioni nell’ultima ora. Attendi prima di scriverne un’altra.',
  },
  'Product already reviewed': {
    de: 'Produkt bereits bewertet',
    fr: 'Produit déjà évalué',
    it: 'Prodotto già recensito',
  },

  // ── geo, health, media ──────────────────────────────────────────────────────────────
  'The address lookup is not available right now. Please try again in a moment.': {
    de: 'Die Adresssuche ist im Moment nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
    fr: 'La recherche d’adresse n’est pas disponible pour le moment. Veuillez réessayer dans un instant.',
    it: 'La ricerca di indirizzi non è disponibile al momento. Riprova tra poco.',
  },
  'The shop is briefly unavailable. Please try again in a moment.': {
    de: 'Der Shop ist kurz nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
    fr: 'La boutique est brièvement indisponible. Veuillez réessayer dans un instant.',
    it: 'Il negozio è brevemente non disponibile. Riprova tra poco.',
  },
  'The shop is briefly unavailable: its database is not answering. Please try again in a moment.': {
    de: 'Der Shop ist kurz nicht verfügbar: Seine Datenbank antwortet nicht. Bitte versuchen Sie es gleich noch einmal.',
    fr: 'La boutique est brièvement indisponible : sa base de données ne répond pas. Veuillez réessayer dans un instant.',
    it: 'Il negozio è brevemente non disponibile: il suo database non risponde. Riprova tra poco.',
  },
  'The shop cannot save anything right now: its storage is full. Please try again later.': {
    de: 'Der Shop kann im Moment nichts speichern: Sein Speicher ist voll. Bitte versuchen Sie es später noch einmal.',
    fr: 'La boutique ne peut rien enregistrer pour le moment : son espace de stockage est plein. Veuillez réessayer plus tard.',
    it: 'Il negozio non può salvare nulla al momento: il suo spazio di archiviazione è pieno. Riprova più tardi.',
  },
  'The database is not answering: a query has been running too long.': {
    de: 'Die Datenbank antwortet nicht: Eine Abfrage läuft schon zu lange.',
    fr: 'La base de données ne répond pas : une requête dure depuis trop longtemps.',
    it: 'Il database non risponde: una query è in corso da troppo tempo.',
  },
  'The database cannot write: its disk is full.': {
    de: 'Die Datenbank kann nicht schreiben: Ihr Datenträger ist voll.',
    fr: 'La base de données ne peut pas écrire : son disque est plein.',
    it: 'Il database non può scrivere: il suo disco è pieno.',
  },
  'The database is not reachable.': {
    de: 'Die Datenbank ist nicht erreichbar.',
    fr: 'La base de données est inaccessible.',
    it: 'Il database non è raggiungibile.',
  },
  [`The file is not an image: upload a ${PICTURE_TYPES} picture.`]: {
    de: 'Die Datei ist kein Bild: Laden Sie ein Bild im Format JPEG, PNG, WebP, GIF oder AVIF hoch.',
    fr: 'Le fichier n’est pas une image : téléversez une image JPEG, PNG, WebP, GIF ou AVIF.',
    it: 'Il file non è un’immagine: carica un’immagine JPEG, PNG, WebP, GIF o AVIF.',
  },
  [`The image could not be read: upload a ${PICTURE_TYPES} picture.`]: {
    de: 'Das Bild konnte nicht gelesen werden: Laden Sie ein Bild im Format JPEG, PNG, WebP, GIF oder AVIF hoch.',
    fr: 'L’image n’a pas pu être lue : téléversez une image JPEG, PNG, WebP, GIF ou AVIF.',
    it: 'Non è stato possibile leggere l’immagine: carica un’immagine JPEG, PNG, WebP, GIF o AVIF.',
  },
  [`The file is not a supported image: upload a ${PICTURE_TYPES} picture.`]: {
    de: 'Die Datei ist kein unterstütztes Bild: Laden Sie ein Bild im Format JPEG, PNG, WebP, GIF oder AVIF hoch.',
    fr: 'Le fichier n’est pas une image prise en charge : téléversez une image JPEG, PNG, WebP, GIF ou AVIF.',
    it: 'Il file non è un’immagine supportata: carica un’immagine JPEG, PNG, WebP, GIF o AVIF.',
  },
  'The image has too many pixels: at most 25 megapixels.': {
    de: 'Das Bild hat zu viele Pixel: höchstens 25 Megapixel.',
    fr: 'L’image a trop de pixels : 25 mégapixels au maximum.',
    it: 'L’immagine ha troppi pixel: al massimo 25 megapixel.',
  },
  'The image has too many pixels: PNG, GIF and AVIF pictures may have at most 16 megapixels (JPEG and WebP 25).':
    {
      de: 'Das Bild hat zu viele Pixel: Bilder im Format PNG, GIF und AVIF dürfen höchstens 16 Megapixel haben (JPEG und WebP 25).',
      fr: 'L’image a trop de pixels : les images PNG, GIF et AVIF peuvent avoir au maximum 16 mégapixels (JPEG et WebP 25).',
      it: 'L’immagine ha troppi pixel: le immagini PNG, GIF e AVIF possono avere al massimo 16 megapixel (JPEG e WebP 25).',
    },
  'You have uploaded too many images in the last hour. Please wait before uploading another.': {
    de: 'Sie haben in der letzten Stunde zu viele Bilder hochgeladen. Bitte warten Sie, bevor Sie ein weiteres hochladen.',
    fr: 'Vous avez téléversé trop d’images au cours de la dernière heure. Veuillez patienter avant d’en téléverser une autre.',
    it: 'Hai caricato troppe immagini nell’ultima ora. Attendi prima di caricarne un’altra.',
  },
  'No such image.': {
    de: 'Dieses Bild gibt es nicht.',
    fr: 'Cette image n’existe pas.',
    it: 'Questa immagine non esiste.',
  },

  // ── orders and payments ─────────────────────────────────────────────────────────────
  'PayPal could not be reached. Please try again in a moment.': {
    de: 'PayPal ist nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    fr: 'PayPal est injoignable. Veuillez réessayer dans un instant.',
    it: 'PayPal non è raggiungibile. Riprova tra poco.',
  },
  'PayPal is not answering right now. Please try again in a moment.': {
    de: 'PayPal antwortet im Moment nicht. Bitte versuchen Sie es gleich noch einmal.',
    fr: 'PayPal ne répond pas pour le moment. Veuillez réessayer dans un instant.',
    it: 'PayPal non risponde al momento. Riprova tra poco.',
  },
  'The server could not sign in to PayPal. Please try again later.': {
    de: 'Der Server konnte sich nicht bei PayPal anmelden. Bitte versuchen Sie es später noch einmal.',
    fr: 'Le serveur n’a pas pu se connecter à PayPal. Veuillez réessayer plus tard.',
    it: 'Il server non è riuscito ad accedere a PayPal. Riprova più tardi.',
  },
  'PayPal did not accept the payment request. Please try again later.': {
    de: 'PayPal hat die Zahlungsanfrage nicht angenommen. Bitte versuchen Sie es später noch einmal.',
    fr: 'PayPal n’a pas accepté la demande de paiement. Veuillez réessayer plus tard.',
    it: 'PayPal non ha accettato la richiesta di pagamento. Riprova più tardi.',
  },
  'Send the approved PayPal order id as paypalOrderId.': {
    de: 'Senden Sie die ID der freigegebenen PayPal-Bestellung als paypalOrderId.',
    fr: 'Envoyez l’identifiant de la commande PayPal approuvée dans paypalOrderId.',
    it: 'Invia l’ID dell’ordine PayPal approvato come paypalOrderId.',
  },
  'PayPal order {paypalId} does not belong to order {orderId}.': {
    de: 'Die PayPal-Bestellung {paypalId} gehört nicht zur Bestellung {orderId}.',
    fr: 'La commande PayPal {paypalId} n’appartient pas à la commande {orderId}.',
    it: 'L’ordine PayPal {paypalId} non appartiene all’ordine {orderId}.',
  },
  'PayPal could not confirm the payment. Please try again.': {
    de: 'PayPal konnte die Zahlung nicht bestätigen. Bitte versuchen Sie es noch einmal.',
    fr: 'PayPal n’a pas pu confirmer le paiement. Veuillez réessayer.',
    it: 'PayPal non ha potuto confermare il pagamento. Riprova.',
  },
  'PayPal declined the payment. Please choose another way to pay.': {
    de: 'PayPal hat die Zahlung abgelehnt. Bitte wählen Sie eine andere Zahlungsart.',
    fr: 'PayPal a refusé le paiement. Veuillez choisir un autre moyen de paiement.',
    it: 'PayPal ha rifiutato il pagamento. Scegli un altro metodo di pagamento.',
  },
  'The payment has not been approved in PayPal yet.': {
    de: 'Die Zahlung wurde in PayPal noch nicht freigegeben.',
    fr: 'Le paiement n’a pas encore été approuvé dans PayPal.',
    it: 'Il pagamento non è ancora stato approvato in PayPal.',
  },
  'PayPal refused the payment ({issue}). Nothing was charged.': {
    de: 'PayPal hat die Zahlung abgelehnt ({issue}). Es wurde nichts belastet.',
    fr: 'PayPal a refusé le paiement ({issue}). Aucun montant n’a été débité.',
    it: 'PayPal ha rifiutato il pagamento ({issue}). Non è stato addebitato nulla.',
  },
  'PayPal does not know the order {paypalId}.': {
    de: 'PayPal kennt die Bestellung {paypalId} nicht.',
    fr: 'PayPal ne connaît pas la commande {paypalId}.',
    it: 'PayPal non conosce l’ordine {paypalId}.',
  },
  'PayPal could not take the payment right now. Please try again.': {
    de: 'PayPal konnte die Zahlung im Moment nicht entgegennehmen. Bitte versuchen Sie es noch einmal.',
    fr: 'PayPal n’a pas pu encaisser le paiement pour le moment. Veuillez réessayer.',
    it: 'PayPal non ha potuto incassare il pagamento al momento. Riprova.',
  },
  'PayPal order {paypalId} is not for order {orderId}.': {
    de: 'Die PayPal-Bestellung {paypalId} gilt nicht für die Bestellung {orderId}.',
    fr: 'La commande PayPal {paypalId} ne correspond pas à la commande {orderId}.',
    it: 'L’ordine PayPal {paypalId} non corrisponde all’ordine {orderId}.',
  },
  'The payment is pending at PayPal. The order will be marked as paid once PayPal completes it.': {
    de: 'Die Zahlung ist bei PayPal noch ausstehend. Die Bestellung wird als bezahlt markiert, sobald PayPal sie abschliesst.',
    fr: 'Le paiement est en attente chez PayPal. La commande sera marquée comme payée dès que PayPal l’aura finalisé.',
    it: 'Il pagamento è in sospeso presso PayPal. L’ordine sarà segnato come pagato non appena PayPal lo completa.',
  },
  'The PayPal payment is not completed (status {status}).': {
    de: 'Die PayPal-Zahlung ist nicht abgeschlossen (Status {status}).',
    fr: 'Le paiement PayPal n’est pas finalisé (statut {status}).',
    it: 'Il pagamento PayPal non è completato (stato {status}).',
  },
  'PayPal captured a different currency than CHF. The order is not marked as paid.': {
    de: 'PayPal hat eine andere Währung als CHF belastet. Die Bestellung wird nicht als bezahlt markiert.',
    fr: 'PayPal a encaissé une autre devise que le CHF. La commande n’est pas marquée comme payée.',
    it: 'PayPal ha incassato una valuta diversa dal CHF. L’ordine non è segnato come pagato.',
  },
  'PayPal reported an unreadable amount. The order is not marked as paid.': {
    de: 'PayPal hat einen unlesbaren Betrag gemeldet. Die Bestellung wird nicht als bezahlt markiert.',
    fr: 'PayPal a indiqué un montant illisible. La commande n’est pas marquée comme payée.',
    it: 'PayPal ha indicato un importo illeggibile. L’ordine non è segnato come pagato.',
  },
  'PayPal captured CHF {captured} but the order total is CHF {total}. The order is not marked as paid.': {
    de: 'PayPal hat CHF {captured} belastet, der Bestellbetrag ist aber CHF {total}. Die Bestellung wird nicht als bezahlt markiert.',
    fr: 'PayPal a encaissé CHF {captured}, mais le total de la commande est de CHF {total}. La commande n’est pas marquée comme payée.',
    it: 'PayPal ha incassato CHF {captured}, ma il totale dell’ordine è CHF {total}. L’ordine non è segnato come pagato.',
  },
  'Test payments are switched off in production. Please pay with PayPal.': {
    de: 'Testzahlungen sind im Produktivbetrieb ausgeschaltet. Bitte bezahlen Sie mit PayPal.',
    fr: 'Les paiements de test sont désactivés en production. Veuillez payer avec PayPal.',
    it: 'I pagamenti di prova sono disattivati in produzione. Paga con PayPal.',
  },
  "Seller accounts can't buy products from their own stores.": {
    de: 'Verkäuferkonten können keine Produkte aus ihren eigenen Läden kaufen.',
    fr: 'Les comptes vendeur ne peuvent pas acheter les produits de leurs propres magasins.',
    it: 'I conti venditore non possono acquistare prodotti dai propri negozi.',
  },
  'Create your profile before you place an order.': {
    de: 'Erstellen Sie Ihr Profil, bevor Sie eine Bestellung aufgeben.',
    fr: 'Créez votre profil avant de passer une commande.',
    it: 'Crea il tuo profilo prima di effettuare un ordine.',
  },
  'Choose a payment method: PayPal, TWINT or Invoice.': {
    de: 'Wählen Sie eine Zahlungsart: PayPal, TWINT oder Rechnung.',
    fr: 'Choisissez un mode de paiement : PayPal, TWINT ou facture.',
    it: 'Scegli un metodo di pagamento: PayPal, TWINT o fattura.',
  },
  '{method} is not offered on this server. Please choose another payment method.': {
    de: '{method} wird hier nicht angeboten. Bitte wählen Sie eine andere Zahlungsart.',
    fr: '{method} n’est pas proposé ici. Veuillez choisir un autre mode de paiement.',
    it: '{method} non è disponibile qui. Scegli un altro metodo di pagamento.',
  },
  'Invoice is offered once your e-mail address is confirmed. Please choose another payment method.': {
    de: 'Kauf auf Rechnung ist möglich, sobald Ihre E-Mail-Adresse bestätigt ist. Bitte wählen Sie eine andere Zahlungsart.',
    fr: 'La facture est proposée dès que votre adresse e-mail est confirmée. Veuillez choisir un autre mode de paiement.',
    it: 'La fattura è disponibile non appena il tuo indirizzo e-mail è confermato. Scegli un altro metodo di pagamento.',
  },
  'Invoice is offered once you have paid earlier orders. Please choose another payment method.': {
    de: 'Kauf auf Rechnung ist möglich, sobald Sie frühere Bestellungen bezahlt haben. Bitte wählen Sie eine andere Zahlungsart.',
    fr: 'La facture est proposée dès que vous avez payé des commandes précédentes. Veuillez choisir un autre mode de paiement.',
    it: 'La fattura è disponibile dopo aver pagato ordini precedenti. Scegli un altro metodo di pagamento.',
  },
  'This order is above the amount payable by invoice. Please choose another payment method.': {
    de: 'Diese Bestellung übersteigt den Betrag, der auf Rechnung bezahlt werden kann. Bitte wählen Sie eine andere Zahlungsart.',
    fr: 'Cette commande dépasse le montant payable par facture. Veuillez choisir un autre mode de paiement.',
    it: 'Questo ordine supera l’importo pagabile con fattura. Scegli un altro metodo di pagamento.',
  },
  'Order {id} is paid by invoice: please pay it with its QR-bill.': {
    de: 'Bestellung {id} wird auf Rechnung bezahlt: Bitte bezahlen Sie sie mit ihrer QR-Rechnung.',
    fr: 'La commande {id} se paie par facture : veuillez la payer avec sa facture QR.',
    it: 'L’ordine {id} si paga con fattura: pagalo con la sua QR-fattura.',
  },
  'Order {id} is not paid with TWINT.': {
    de: 'Bestellung {id} wird nicht mit TWINT bezahlt.',
    fr: 'La commande {id} ne se paie pas avec TWINT.',
    it: 'L’ordine {id} non si paga con TWINT.',
  },
  'Start the TWINT payment of order {id} first.': {
    de: 'Starten Sie zuerst die TWINT-Zahlung für Bestellung {id}.',
    fr: 'Lancez d’abord le paiement TWINT de la commande {id}.',
    it: 'Avvia prima il pagamento TWINT dell’ordine {id}.',
  },
  'TWINT has not confirmed the payment of order {id} yet. Please try again in a moment.': {
    de: 'TWINT hat die Zahlung für Bestellung {id} noch nicht bestätigt. Bitte versuchen Sie es gleich nochmals.',
    fr: 'TWINT n’a pas encore confirmé le paiement de la commande {id}. Veuillez réessayer dans un instant.',
    it: 'TWINT non ha ancora confermato il pagamento dell’ordine {id}. Riprova tra un momento.',
  },
  'This order was paid by bank transfer: enter the IBAN and the account holder the refund goes to.': {
    de: 'Diese Bestellung wurde per Banküberweisung bezahlt: Geben Sie die IBAN und den Kontoinhaber für die Rückerstattung an.',
    fr: 'Cette commande a été payée par virement bancaire : indiquez l’IBAN et le titulaire du compte pour le remboursement.',
    it: 'Questo ordine è stato pagato con bonifico bancario: indica l’IBAN e il titolare del conto per il rimborso.',
  },
  'Your cart is empty.': {
    de: 'Ihr Warenkorb ist leer.',
    fr: 'Votre panier est vide.',
    it: 'Il tuo carrello è vuoto.',
  },
  'totalPrice must be an amount in CHF such as "49.90".': {
    de: 'totalPrice muss ein Betrag in CHF sein, zum Beispiel «49.90».',
    fr: 'totalPrice doit être un montant en CHF, par exemple «49.90».',
    it: 'totalPrice deve essere un importo in CHF, per esempio «49.90».',
  },
  'totalShippingPrice must be an amount in CHF such as "20.00".': {
    de: 'totalShippingPrice muss ein Betrag in CHF sein, zum Beispiel «20.00».',
    fr: 'totalShippingPrice doit être un montant en CHF, par exemple «20.00».',
    it: 'totalShippingPrice deve essere un importo in CHF, per esempio «20.00».',
  },
  'A shipping address is required for items sent online.': {
    de: 'Für Artikel mit Versand braucht es eine Lieferadresse.',
    fr: 'Une adresse de livraison est nécessaire pour les articles envoyés.',
    it: 'Per gli articoli spediti serve un indirizzo di consegna.',
  },
  'A Swiss postal code has four digits.': {
    de: 'Eine Schweizer Postleitzahl hat vier Ziffern.',
    fr: 'Un numéro postal suisse a quatre chiffres.',
    it: 'Un numero postale svizzero ha quattro cifre.',
  },
  'Choose the store where you pick up product {id}.': {
    de: 'Wählen Sie den Laden, in dem Sie Produkt {id} abholen.',
    fr: 'Choisissez le magasin où vous retirez le produit {id}.',
    it: 'Scegli il negozio in cui ritiri il prodotto {id}.',
  },
  'Product {id} is no longer available. Please remove it from your cart.': {
    de: 'Produkt {id} ist nicht mehr erhältlich. Bitte entfernen Sie es aus dem Warenkorb.',
    fr: 'Le produit {id} n’est plus disponible. Veuillez le retirer de votre panier.',
    it: 'Il prodotto {id} non è più disponibile. Rimuovilo dal carrello.',
  },
  '"{name}" is not available in the chosen store.': {
    de: '«{name}» ist im gewählten Laden nicht erhältlich.',
    fr: '«{name}» n’est pas disponible dans le magasin choisi.',
    it: '«{name}» non è disponibile nel negozio scelto.',
  },
  'Not enough stock for "{name}" in {store}: {left} left, {wanted} wanted.': {
    de: 'Nicht genug an Lager für «{name}» in {store}: noch {left} vorhanden, {wanted} gewünscht.',
    fr: 'Stock insuffisant pour «{name}» dans le magasin {store} : {left} disponible(s), {wanted} demandé(s).',
    it: 'Giacenza insufficiente per «{name}» nel negozio {store}: disponibili {left}, richiesti {wanted}.',
  },
  'Not enough stock for "{name}": {left} left, {wanted} wanted.': {
    de: 'Nicht genug an Lager für «{name}»: noch {left} vorhanden, {wanted} gewünscht.',
    fr: 'Stock insuffisant pour «{name}» : {left} disponible(s), {wanted} demandé(s).',
    it: 'Giacenza insufficiente per «{name}»: disponibili {left}, richiesti {wanted}.',
  },
  'The stock changed while your order was placed. Please try again.': {
    de: 'Der Lagerbestand hat sich während Ihrer Bestellung geändert. Bitte versuchen Sie es noch einmal.',
    fr: 'Le stock a changé pendant votre commande. Veuillez réessayer.',
    it: 'La giacenza è cambiata durante il tuo ordine. Riprova.',
  },
  // anti-hoarding, idempotency, hold extension (decisions 170, 173, 174)
  'You have reached the limit of {max} unpaid orders at once. Please pay an open order, or wait until it expires, before placing another.':
    {
      de: 'Sie haben die Grenze von {max} unbezahlten Bestellungen gleichzeitig erreicht. Bitte bezahlen Sie eine offene Bestellung oder warten Sie, bis sie abläuft, bevor Sie eine weitere aufgeben.',
      fr: 'Vous avez atteint la limite de {max} commandes impayées en même temps. Veuillez payer une commande ouverte, ou attendre qu’elle expire, avant d’en passer une autre.',
      it: 'Hai raggiunto il limite di {max} ordini non pagati contemporaneamente. Paga un ordine aperto, o attendi che scada, prima di effettuarne un altro.',
    },
  'At most {max} units of "{name}" can be ordered at once; you asked for {units}.': {
    de: 'Von «{name}» können höchstens {max} Stück auf einmal bestellt werden; Sie wollten {units}.',
    fr: 'Au maximum {max} unités de «{name}» peuvent être commandées à la fois ; vous en avez demandé {units}.',
    it: 'Di «{name}» si possono ordinare al massimo {max} pezzi alla volta; ne hai chiesti {units}.',
  },
  'At most {max} units of "{name}" can be held in unpaid orders at once, and your open orders already hold {held}. Please pay your open order first.':
    {
      de: 'Von «{name}» können höchstens {max} Stück gleichzeitig in unbezahlten Bestellungen reserviert sein, und Ihre offenen Bestellungen reservieren bereits {held}. Bitte bezahlen Sie zuerst Ihre offene Bestellung.',
      fr: 'Au maximum {max} unités de «{name}» peuvent être réservées en même temps dans des commandes impayées, et vos commandes ouvertes en réservent déjà {held}. Veuillez d’abord payer votre commande ouverte.',
      it: 'Di «{name}» possono essere riservati al massimo {max} pezzi contemporaneamente in ordini non pagati, e i tuoi ordini aperti ne riservano già {held}. Paga prima il tuo ordine aperto.',
    },
  'You have placed too many orders in a short time. Please wait a while before placing another.': {
    de: 'Sie haben in kurzer Zeit zu viele Bestellungen aufgegeben. Bitte warten Sie eine Weile, bevor Sie eine weitere aufgeben.',
    fr: 'Vous avez passé trop de commandes en peu de temps. Veuillez patienter un moment avant d’en passer une autre.',
    it: 'Hai effettuato troppi ordini in poco tempo. Attendi un po’ prima di effettuarne un altro.',
  },
  'A seller of order {id} has closed their account, so the order can no longer be paid. Please place it again without their items.':
    {
      de: 'Ein Verkäufer der Bestellung {id} hat sein Konto geschlossen, daher kann die Bestellung nicht mehr bezahlt werden. Bitte geben Sie sie ohne seine Artikel noch einmal auf.',
      fr: 'Un vendeur de la commande {id} a fermé son compte : la commande ne peut plus être payée. Veuillez la passer à nouveau sans ses articles.',
      it: 'Un venditore dell’ordine {id} ha chiuso il suo conto, quindi l’ordine non può più essere pagato. Effettualo di nuovo senza i suoi articoli.',
    },
  'Unpaid customer orders still hold stock of your account ({count}). Please delete it once they are paid or have expired, within {minutes} minutes at the latest.':
    {
      de: 'Unbezahlte Bestellungen von Kunden reservieren noch Lagerbestand Ihres Kontos ({count}). Bitte löschen Sie es, sobald sie bezahlt oder abgelaufen sind, spätestens in {minutes} Minuten.',
      fr: 'Des commandes impayées de clients réservent encore du stock de votre compte ({count}). Veuillez le supprimer une fois qu’elles sont payées ou expirées, au plus tard dans {minutes} minutes.',
      it: 'Ordini non pagati di clienti riservano ancora giacenze del tuo conto ({count}). Eliminalo quando saranno pagati o scaduti, al più tardi tra {minutes} minuti.',
    },
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters.': {
    de: 'Der Header Idempotency-Key muss aus 1 bis 255 sichtbaren ASCII-Zeichen bestehen.',
    fr: 'L’en-tête Idempotency-Key doit comporter de 1 à 255 caractères ASCII visibles.',
    it: 'L’intestazione Idempotency-Key deve avere da 1 a 255 caratteri ASCII visibili.',
  },
  'This Idempotency-Key was already used for a different request. Use a new key for a new request.': {
    de: 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet. Verwenden Sie für eine neue Anfrage einen neuen Schlüssel.',
    fr: 'Cette Idempotency-Key a déjà servi pour une autre requête. Utilisez une nouvelle clé pour une nouvelle requête.',
    it: 'Questa Idempotency-Key è già stata usata per un’altra richiesta. Usa una nuova chiave per una nuova richiesta.',
  },
  'A request with this Idempotency-Key is still being processed. Please try again in a moment.': {
    de: 'Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet. Bitte versuchen Sie es gleich noch einmal.',
    fr: 'Une requête avec cette Idempotency-Key est encore en cours de traitement. Veuillez réessayer dans un instant.',
    it: 'Una richiesta con questa Idempotency-Key è ancora in elaborazione. Riprova tra un momento.',
  },
  'The hold of order {id} cannot be extended any more. Please pay it before it expires.': {
    de: 'Die Reservierung der Bestellung {id} kann nicht mehr verlängert werden. Bitte bezahlen Sie sie, bevor sie abläuft.',
    fr: 'La réservation de la commande {id} ne peut plus être prolongée. Veuillez la payer avant qu’elle expire.',
    it: 'La prenotazione dell’ordine {id} non può più essere prolungata. Pagalo prima che scada.',
  },
  'Order {id} was not found.': {
    de: 'Bestellung {id} wurde nicht gefunden.',
    fr: 'La commande {id} est introuvable.',
    it: 'L’ordine {id} non è stato trovato.',
  },
  'Seller order {id} was not found.': {
    de: 'Verkäuferbestellung {id} wurde nicht gefunden.',
    fr: 'La commande vendeur {id} est introuvable.',
    it: 'L’ordine venditore {id} non è stato trovato.',
  },
  'Order item {id} was not found.': {
    de: 'Bestellposition {id} wurde nicht gefunden.',
    fr: 'L’article de commande {id} est introuvable.',
    it: 'L’articolo dell’ordine {id} non è stato trovato.',
  },
  'Order {id} is already paid.': {
    de: 'Bestellung {id} ist bereits bezahlt.',
    fr: 'La commande {id} est déjà payée.',
    it: 'L’ordine {id} è già pagato.',
  },
  'Order {id} has expired: it was not paid within {minutes} minutes and its items went back on sale. Please place the order again.':
    {
      de: 'Bestellung {id} ist abgelaufen: Sie wurde nicht innert {minutes} Minuten bezahlt, und ihre Artikel sind wieder im Verkauf. Bitte geben Sie die Bestellung noch einmal auf.',
      fr: 'La commande {id} a expiré : elle n’a pas été payée dans les {minutes} minutes et ses articles sont de nouveau en vente. Veuillez passer la commande à nouveau.',
      it: 'L’ordine {id} è scaduto: non è stato pagato entro {minutes} minuti e i suoi articoli sono di nuovo in vendita. Effettua di nuovo l’ordine.',
    },
  'PayPal is not configured on this server; use the test payment instead.': {
    de: 'PayPal ist auf diesem Server nicht eingerichtet; verwenden Sie stattdessen die Testzahlung.',
    fr: 'PayPal n’est pas configuré sur ce serveur ; utilisez plutôt le paiement de test.',
    it: 'PayPal non è configurato su questo server; usa invece il pagamento di prova.',
  },
  'The payment does not match the order total of {total}.': {
    de: 'Die Zahlung entspricht nicht dem Bestellbetrag von {total}.',
    fr: 'Le paiement ne correspond pas au total de la commande de {total}.',
    it: 'Il pagamento non corrisponde al totale dell’ordine di {total}.',
  },
  'Order {id} has expired and can no longer be paid.': {
    de: 'Bestellung {id} ist abgelaufen und kann nicht mehr bezahlt werden.',
    fr: 'La commande {id} a expiré et ne peut plus être payée.',
    it: 'L’ordine {id} è scaduto e non può più essere pagato.',
  },
  'The customer has not paid this order yet.': {
    de: 'Die Kundschaft hat diese Bestellung noch nicht bezahlt.',
    fr: 'Le client n’a pas encore payé cette commande.',
    it: 'Il cliente non ha ancora pagato questo ordine.',
  },
  'This seller order has no items to send.': {
    de: 'Diese Verkäuferbestellung enthält keine Artikel zum Versenden.',
    fr: 'Cette commande vendeur ne contient aucun article à envoyer.',
    it: 'Questo ordine venditore non contiene articoli da spedire.',
  },
  'This seller order was already marked as sent.': {
    de: 'Diese Verkäuferbestellung wurde bereits als versendet markiert.',
    fr: 'Cette commande vendeur a déjà été marquée comme envoyée.',
    it: 'Questo ordine venditore è già stato segnato come spedito.',
  },
  'Only pick-up items are picked up; online items are sent.': {
    de: 'Nur Abholartikel werden abgeholt; Versandartikel werden verschickt.',
    fr: 'Seuls les articles à retirer sont retirés ; les articles en ligne sont envoyés.',
    it: 'Solo gli articoli da ritirare vengono ritirati; quelli online vengono spediti.',
  },
  'Wrong pick-up code: please check the code the customer shows you.': {
    de: 'Falscher Abholcode: Bitte prüfen Sie den Code, den Ihnen die Kundschaft zeigt.',
    fr: 'Code de retrait erroné : veuillez vérifier le code que le client vous montre.',
    it: 'Codice di ritiro errato: verifica il codice che ti mostra il cliente.',
  },
  'This item was already picked up.': {
    de: 'Dieser Artikel wurde bereits abgeholt.',
    fr: 'Cet article a déjà été retiré.',
    it: 'Questo articolo è già stato ritirato.',
  },
  'Items are still to be sent or picked up, so this seller order cannot be completed yet.': {
    de: 'Es sind noch Artikel zu versenden oder abzuholen; diese Verkäuferbestellung kann deshalb noch nicht abgeschlossen werden.',
    fr: 'Des articles doivent encore être envoyés ou retirés ; cette commande vendeur ne peut donc pas encore être terminée.',
    it: 'Ci sono ancora articoli da spedire o da ritirare, quindi questo ordine venditore non può ancora essere completato.',
  },

  // ── stores, stocks, search ──────────────────────────────────────────────────────────
  'Store {id} does not exist.': {
    de: 'Laden {id} existiert nicht.',
    fr: 'Le magasin {id} n’existe pas.',
    it: 'Il negozio {id} non esiste.',
  },
  '{name} is required for type={type}.': {
    de: '{name} ist für type={type} erforderlich.',
    fr: '{name} est requis pour type={type}.',
    it: '{name} è obbligatorio per type={type}.',
  },
  'The stock number must be a whole number from 0 to 1,000,000.': {
    de: 'Der Bestand muss eine ganze Zahl von 0 bis 1’000’000 sein.',
    fr: 'Le stock doit être un nombre entier de 0 à 1 000 000.',
    it: 'La giacenza deve essere un numero intero da 0 a 1’000’000.',
  },
  'Store {id} still has in-store pick-ups that were not handed over. Mark them picked up before deleting the store.':
    {
      de: 'Im Laden {id} gibt es noch Abholungen, die nicht übergeben wurden. Markieren Sie sie als abgeholt, bevor Sie den Laden löschen.',
      fr: 'Le magasin {id} a encore des retraits qui n’ont pas été remis. Marquez-les comme retirés avant de supprimer le magasin.',
      it: 'Il negozio {id} ha ancora ritiri non consegnati. Segnali come ritirati prima di eliminare il negozio.',
    },
  'Stock {id} does not exist.': {
    de: 'Bestand {id} existiert nicht.',
    fr: 'Le stock {id} n’existe pas.',
    it: 'La giacenza {id} non esiste.',
  },

  // ── plugins: auth, security, errors ─────────────────────────────────────────────────
  'The Authorization header must be "Bearer <token>".': {
    de: 'Der Authorization-Header muss «Bearer <token>» lauten.',
    fr: 'L’en-tête Authorization doit être «Bearer <token>».',
    it: 'L’intestazione Authorization deve essere «Bearer <token>».',
  },
  'The access token is invalid or has expired. Please log in again.': {
    de: 'Das Zugriffstoken ist ungültig oder abgelaufen. Bitte melden Sie sich erneut an.',
    fr: 'Le jeton d’accès est invalide ou a expiré. Veuillez vous reconnecter.',
    it: 'Il token di accesso non è valido o è scaduto. Accedi di nuovo.',
  },
  'The access token is no longer valid. Please log in again.': {
    de: 'Das Zugriffstoken ist nicht mehr gültig. Bitte melden Sie sich erneut an.',
    fr: 'Le jeton d’accès n’est plus valable. Veuillez vous reconnecter.',
    it: 'Il token di accesso non è più valido. Accedi di nuovo.',
  },
  'Only seller accounts can do this.': {
    de: 'Das können nur Verkäuferkonten.',
    fr: 'Seuls les comptes vendeur peuvent faire cela.',
    it: 'Solo i conti venditore possono farlo.',
  },
  'Only staff accounts can list users.': {
    de: 'Nur Mitarbeiterkonten können Benutzer auflisten.',
    fr: 'Seuls les comptes du personnel peuvent lister les utilisateurs.',
    it: 'Solo i conti del personale possono elencare gli utenti.',
  },
  'Text may not contain NUL characters.': {
    de: 'Text darf keine NUL-Zeichen enthalten.',
    fr: 'Le texte ne doit pas contenir de caractères NUL.',
    it: 'Il testo non può contenere caratteri NUL.',
  },
  'Invalid value.': {
    de: 'Ungültiger Wert.',
    fr: 'Valeur invalide.',
    it: 'Valore non valido.',
  },
  'The request is not valid.': {
    de: 'Die Anfrage ist ungültig.',
    fr: 'La requête n’est pas valide.',
    it: 'La richiesta non è valida.',
  },
  'Not found.': {
    de: 'Nicht gefunden.',
    fr: 'Introuvable.',
    it: 'Non trovato.',
  },
  'This method is not allowed here.': {
    de: 'Diese Methode ist hier nicht erlaubt.',
    fr: 'Cette méthode n’est pas autorisée ici.',
    it: 'Questo metodo non è consentito qui.',
  },
  'The requested format is not available.': {
    de: 'Das gewünschte Format ist nicht verfügbar.',
    fr: 'Le format demandé n’est pas disponible.',
    it: 'Il formato richiesto non è disponibile.',
  },
  'A request body length is required.': {
    de: 'Die Länge des Anfrageinhalts muss angegeben werden.',
    fr: 'La longueur du corps de la requête doit être indiquée.',
    it: 'Va indicata la lunghezza del corpo della richiesta.',
  },
  'The request is too large.': {
    de: 'Die Anfrage ist zu gross.',
    fr: 'La requête est trop volumineuse.',
    it: 'La richiesta è troppo grande.',
  },
  'The address is too long.': {
    de: 'Die Adresse ist zu lang.',
    fr: 'L’adresse est trop longue.',
    it: 'L’indirizzo è troppo lungo.',
  },
  'The request headers are too large.': {
    de: 'Die Kopfzeilen der Anfrage sind zu gross.',
    fr: 'Les en-têtes de la requête sont trop volumineux.',
    it: 'Le intestazioni della richiesta sono troppo grandi.',
  },
  'The request did not arrive in time. Please try again.': {
    de: 'Die Anfrage ist nicht rechtzeitig angekommen. Bitte versuchen Sie es erneut.',
    fr: 'La requête n’est pas arrivée à temps. Veuillez réessayer.',
    it: 'La richiesta non è arrivata in tempo. Riprova.',
  },
  'This content type is not supported.': {
    de: 'Dieser Inhaltstyp wird nicht unterstützt.',
    fr: 'Ce type de contenu n’est pas pris en charge.',
    it: 'Questo tipo di contenuto non è supportato.',
  },
  'Too many requests. Please wait a moment and try again.': {
    de: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann noch einmal.',
    fr: 'Trop de requêtes. Veuillez patienter un instant, puis réessayer.',
    it: 'Troppe richieste. Attendi un momento e riprova.',
  },
  'A value in the request is out of range or not valid.': {
    de: 'Ein Wert in der Anfrage liegt ausserhalb des zulässigen Bereichs oder ist ungültig.',
    fr: 'Une valeur de la requête est hors limites ou invalide.',
    it: 'Un valore della richiesta è fuori dai limiti o non è valido.',
  },
  'The request refers to something that does not exist.': {
    de: 'Die Anfrage verweist auf etwas, das es nicht gibt.',
    fr: 'La requête fait référence à quelque chose qui n’existe pas.',
    it: 'La richiesta si riferisce a qualcosa che non esiste.',
  },
  'This exists already.': {
    de: 'Das gibt es bereits.',
    fr: 'Cela existe déjà.',
    it: 'Esiste già.',
  },
  'This change is not possible with the current data.': {
    de: 'Diese Änderung ist mit den aktuellen Daten nicht möglich.',
    fr: 'Cette modification n’est pas possible avec les données actuelles.',
    it: 'Questa modifica non è possibile con i dati attuali.',
  },
  'Something went wrong on our side. Please try again.': {
    de: 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es noch einmal.',
    fr: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    it: 'Qualcosa è andato storto da parte nostra. Riprova.',
  },
  'The request could not be processed.': {
    de: 'Die Anfrage konnte nicht verarbeitet werden.',
    fr: 'La requête n’a pas pu être traitée.',
    it: 'Non è stato possibile elaborare la richiesta.',
  },
  'The request body is not valid JSON.': {
    de: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    fr: 'Le corps de la requête n’est pas un JSON valide.',
    it: 'Il corpo della richiesta non è un JSON valido.',
  },
  'This content type is not supported: send JSON or multipart/form-data.': {
    de: 'Dieser Inhaltstyp wird nicht unterstützt: Senden Sie JSON oder multipart/form-data.',
    fr: 'Ce type de contenu n’est pas pris en charge : envoyez du JSON ou du multipart/form-data.',
    it: 'Questo tipo di contenuto non è supportato: invia JSON o multipart/form-data.',
  },
  'There is no {method} {path}.': {
    de: '{method} {path} gibt es nicht.',
    fr: '{method} {path} n’existe pas.',
    it: '{method} {path} non esiste.',
  },
  'A part of the address is too long.': {
    de: 'Ein Teil der Adresse ist zu lang.',
    fr: 'Une partie de l’adresse est trop longue.',
    it: 'Una parte dell’indirizzo è troppo lunga.',
  },
  'The address is not valid.': {
    de: 'Die Adresse ist ungültig.',
    fr: 'L’adresse n’est pas valide.',
    it: 'L’indirizzo non è valido.',
  },

  // ── shared zod schemas (packages/shared) ────────────────────────────────────────────
  'A username may contain letters, digits, dots, dashes and underscores.': {
    de: 'Ein Benutzername darf Buchstaben, Ziffern, Punkte, Bindestriche und Unterstriche enthalten.',
    fr: 'Un nom d’utilisateur peut contenir des lettres, des chiffres, des points, des tirets et des traits de soulignement.',
    it: 'Un nome utente può contenere lettere, cifre, punti, trattini e trattini bassi.',
  },
  'A username has at least {min} characters.': {
    de: 'Ein Benutzername hat mindestens {min} Zeichen.',
    fr: 'Un nom d’utilisateur comporte au moins {min} caractères.',
    it: 'Un nome utente ha almeno {min} caratteri.',
  },
  'A username has at most {max} characters.': {
    de: 'Ein Benutzername hat höchstens {max} Zeichen.',
    fr: 'Un nom d’utilisateur comporte au maximum {max} caractères.',
    it: 'Un nome utente ha al massimo {max} caratteri.',
  },
  'An e-mail address has at most {max} characters.': {
    de: 'Eine E-Mail-Adresse hat höchstens {max} Zeichen.',
    fr: 'Une adresse e-mail comporte au maximum {max} caractères.',
    it: 'Un indirizzo e-mail ha al massimo {max} caratteri.',
  },
  'Enter a valid e-mail address.': {
    de: 'Geben Sie eine gültige E-Mail-Adresse ein.',
    fr: 'Saisissez une adresse e-mail valide.',
    it: 'Inserisci un indirizzo e-mail valido.',
  },
  'A password has at least {min} characters.': {
    de: 'Ein Passwort hat mindestens {min} Zeichen.',
    fr: 'Un mot de passe comporte au moins {min} caractères.',
    it: 'Una password ha almeno {min} caratteri.',
  },
  'A password has at most {max} characters.': {
    de: 'Ein Passwort hat höchstens {max} Zeichen.',
    fr: 'Un mot de passe comporte au maximum {max} caractères.',
    it: 'Una password ha al massimo {max} caratteri.',
  },
  'Industry has at most {max} characters.': {
    de: 'Die Branche hat höchstens {max} Zeichen.',
    fr: 'Le secteur comporte au maximum {max} caractères.',
    it: 'Il settore ha al massimo {max} caratteri.',
  },
  'Headquarter has at most {max} characters.': {
    de: 'Der Hauptsitz hat höchstens {max} Zeichen.',
    fr: 'Le siège comporte au maximum {max} caractères.',
    it: 'La sede principale ha al massimo {max} caratteri.',
  },
  'Description has at most {max} characters.': {
    de: 'Die Beschreibung hat höchstens {max} Zeichen.',
    fr: 'La description comporte au maximum {max} caractères.',
    it: 'La descrizione ha al massimo {max} caratteri.',
  },
  'Category ids are positive integers.': {
    de: 'Kategorie-IDs sind positive ganze Zahlen.',
    fr: 'Les identifiants de catégorie sont des nombres entiers positifs.',
    it: 'Gli ID delle categorie sono numeri interi positivi.',
  },
  'Choose at most {max} categories.': {
    de: 'Wählen Sie höchstens {max} Kategorien.',
    fr: 'Choisissez au maximum {max} catégories.',
    it: 'Scegli al massimo {max} categorie.',
  },
  'Enter your username.': {
    de: 'Geben Sie Ihren Benutzernamen ein.',
    fr: 'Saisissez votre nom d’utilisateur.',
    it: 'Inserisci il tuo nome utente.',
  },
  'Enter your password.': {
    de: 'Geben Sie Ihr Passwort ein.',
    fr: 'Saisissez votre mot de passe.',
    it: 'Inserisci la tua password.',
  },
  'offset must be 0 or more.': {
    de: 'offset muss 0 oder grösser sein.',
    fr: 'offset doit être égal ou supérieur à 0.',
    it: 'offset deve essere 0 o superiore.',
  },
  'offset must be at most {max}.': {
    de: 'offset darf höchstens {max} sein.',
    fr: 'offset doit être au maximum {max}.',
    it: 'offset deve essere al massimo {max}.',
  },
  'An id is a whole number above 0.': {
    de: 'Eine ID ist eine ganze Zahl über 0.',
    fr: 'Un identifiant est un nombre entier supérieur à 0.',
    it: 'Un ID è un numero intero maggiore di 0.',
  },
  'offset must be a whole number.': {
    de: 'offset muss eine ganze Zahl sein.',
    fr: 'offset doit être un nombre entier.',
    it: 'offset deve essere un numero intero.',
  },
  'limit must be between {min} and {max}.': {
    de: 'limit muss zwischen {min} und {max} liegen.',
    fr: 'limit doit être compris entre {min} et {max}.',
    it: 'limit deve essere compreso tra {min} e {max}.',
  },
  'limit must be a whole number.': {
    de: 'limit muss eine ganze Zahl sein.',
    fr: 'limit doit être un nombre entier.',
    it: 'limit deve essere un numero intero.',
  },
  'Choose a category.': {
    de: 'Wählen Sie eine Kategorie.',
    fr: 'Choisissez une catégorie.',
    it: 'Scegli una categoria.',
  },
  'Choose a subcategory.': {
    de: 'Wählen Sie eine Unterkategorie.',
    fr: 'Choisissez une sous-catégorie.',
    it: 'Scegli una sottocategoria.',
  },
  'Choose a store.': {
    de: 'Wählen Sie einen Laden.',
    fr: 'Choisissez un magasin.',
    it: 'Scegli un negozio.',
  },
  'Choose a product.': {
    de: 'Wählen Sie ein Produkt.',
    fr: 'Choisissez un produit.',
    it: 'Scegli un prodotto.',
  },
  'initialStocks must be a list of {store, number}.': {
    de: 'initialStocks muss eine Liste von {store, number} sein.',
    fr: 'initialStocks doit être une liste de {store, number}.',
    it: 'initialStocks deve essere un elenco di {store, number}.',
  },
  'At most {max} stores per product.': {
    de: 'Höchstens {max} Läden pro Produkt.',
    fr: 'Au maximum {max} magasins par produit.',
    it: 'Al massimo {max} negozi per prodotto.',
  },
  'Each store may appear once in initialStocks.': {
    de: 'Jeder Laden darf in initialStocks nur einmal vorkommen.',
    fr: 'Chaque magasin ne peut figurer qu’une fois dans initialStocks.',
    it: 'Ogni negozio può comparire una sola volta in initialStocks.',
  },
  'Another shop is already called “{name}”. Choose a name that tells your shop apart.': {
    de: 'Ein anderer Laden heisst bereits «{name}». Wählen Sie einen Namen, der Ihren Laden unterscheidbar macht.',
    fr: 'Une autre boutique s’appelle déjà «{name}». Choisissez un nom qui distingue votre boutique.',
    it: 'Un altro negozio si chiama già «{name}». Scegli un nome che distingua il tuo negozio.',
  },
  '“{name}” looks too much like the name of another shop. Choose a name that tells your shop apart, for example with your town or street.':
    {
      de: '«{name}» sieht dem Namen eines anderen Ladens zu ähnlich. Wählen Sie einen Namen, der Ihren Laden unterscheidbar macht, zum Beispiel mit Ihrem Ort oder Ihrer Strasse.',
      fr: '«{name}» ressemble trop au nom d’une autre boutique. Choisissez un nom qui distingue votre boutique, par exemple avec votre localité ou votre rue.',
      it: '«{name}» somiglia troppo al nome di un altro negozio. Scegli un nome che distingua il tuo negozio, per esempio con la tua località o la tua via.',
    },
  'This username looks too much like an existing one. Please choose a name that is easy to tell apart.': {
    de: 'Dieser Benutzername sieht einem bestehenden zu ähnlich. Bitte wählen Sie einen Namen, der sich gut unterscheiden lässt.',
    fr: 'Ce nom d’utilisateur ressemble trop à un nom existant. Veuillez choisir un nom facile à distinguer.',
    it: 'Questo nome utente somiglia troppo a uno esistente. Scegli un nome facile da distinguere.',
  },
  'Only seller accounts have a shop name.': {
    de: 'Nur Verkäuferkonten haben einen Ladennamen.',
    fr: 'Seuls les comptes vendeur ont un nom de boutique.',
    it: 'Solo gli account venditore hanno un nome del negozio.',
  },
  'A shop name may not contain invisible or control characters.': {
    de: 'Ein Ladenname darf keine unsichtbaren Zeichen oder Steuerzeichen enthalten.',
    fr: 'Un nom de boutique ne peut pas contenir de caractères invisibles ou de contrôle.',
    it: 'Un nome del negozio non può contenere caratteri invisibili o di controllo.',
  },
  'A shop name may not contain text-direction control characters.': {
    de: 'Ein Ladenname darf keine Steuerzeichen für die Schreibrichtung enthalten.',
    fr: 'Un nom de boutique ne peut pas contenir de caractères de contrôle du sens d’écriture.',
    it: 'Un nome del negozio non può contenere caratteri di controllo della direzione del testo.',
  },
  'A shop name may not mix letters of different scripts, such as Latin and Cyrillic.': {
    de: 'Ein Ladenname darf keine Buchstaben verschiedener Schriften mischen, etwa lateinische und kyrillische.',
    fr: 'Un nom de boutique ne peut pas mélanger des lettres d’écritures différentes, comme le latin et le cyrillique.',
    it: 'Un nome del negozio non può mescolare lettere di alfabeti diversi, come latino e cirillico.',
  },
  'A shop name has at least 2 characters, with letters or digits.': {
    de: 'Ein Ladenname hat mindestens 2 Zeichen, mit Buchstaben oder Ziffern.',
    fr: 'Un nom de boutique comporte au moins 2 caractères, avec des lettres ou des chiffres.',
    it: 'Un nome del negozio ha almeno 2 caratteri, con lettere o cifre.',
  },
  'A shop name has at most {max} characters.': {
    de: 'Ein Ladenname hat höchstens {max} Zeichen.',
    fr: 'Un nom de boutique comporte au maximum {max} caractères.',
    it: 'Un nome del negozio ha al massimo {max} caratteri.',
  },
  'Enter a brand.': {
    de: 'Geben Sie eine Marke ein.',
    fr: 'Saisissez une marque.',
    it: 'Inserisci un marchio.',
  },
  'A brand has at most {max} characters.': {
    de: 'Eine Marke hat höchstens {max} Zeichen.',
    fr: 'Une marque comporte au maximum {max} caractères.',
    it: 'Un marchio ha al massimo {max} caratteri.',
  },
  'Enter a name.': {
    de: 'Geben Sie einen Namen ein.',
    fr: 'Saisissez un nom.',
    it: 'Inserisci un nome.',
  },
  'A name has at most {max} characters.': {
    de: 'Ein Name hat höchstens {max} Zeichen.',
    fr: 'Un nom comporte au maximum {max} caractères.',
    it: 'Un nome ha al massimo {max} caratteri.',
  },
  'A description has at most {max} characters.': {
    de: 'Eine Beschreibung hat höchstens {max} Zeichen.',
    fr: 'Une description comporte au maximum {max} caractères.',
    it: 'Una descrizione ha al massimo {max} caratteri.',
  },
  'Choose a rating from 1 to 5.': {
    de: 'Wählen Sie eine Bewertung von 1 bis 5.',
    fr: 'Choisissez une note de 1 à 5.',
    it: 'Scegli un voto da 1 a 5.',
  },
  'A comment has at most {max} characters.': {
    de: 'Ein Kommentar hat höchstens {max} Zeichen.',
    fr: 'Un commentaire comporte au maximum {max} caractères.',
    it: 'Un commento ha al massimo {max} caratteri.',
  },
  'An address search has at most {max} characters.': {
    de: 'Eine Adresssuche hat höchstens {max} Zeichen.',
    fr: 'Une recherche d’adresse comporte au maximum {max} caractères.',
    it: 'Una ricerca di indirizzi ha al massimo {max} caratteri.',
  },
  'Enter a price in CHF with at most two decimals.': {
    de: 'Geben Sie einen Preis in CHF mit höchstens zwei Nachkommastellen ein.',
    fr: 'Saisissez un prix en CHF avec au maximum deux décimales.',
    it: 'Inserisci un prezzo in CHF con al massimo due decimali.',
  },
  'The price must be above CHF 0.': {
    de: 'Der Preis muss über CHF 0 liegen.',
    fr: 'Le prix doit être supérieur à CHF 0.',
    it: 'Il prezzo deve essere superiore a CHF 0.',
  },
  'The price must be at most CHF 1,000,000.': {
    de: 'Der Preis darf höchstens CHF 1’000’000 betragen.',
    fr: 'Le prix ne peut pas dépasser CHF 1 000 000.',
    it: 'Il prezzo può essere al massimo CHF 1’000’000.',
  },
  'Enter the address.': {
    de: 'Geben Sie die Adresse ein.',
    fr: 'Saisissez l’adresse.',
    it: 'Inserisci l’indirizzo.',
  },
  'Enter the city.': {
    de: 'Geben Sie den Ort ein.',
    fr: 'Saisissez la localité.',
    it: 'Inserisci la località.',
  },
  'Enter the postal code.': {
    de: 'Geben Sie die Postleitzahl ein.',
    fr: 'Saisissez le numéro postal.',
    it: 'Inserisci il numero postale.',
  },
  'Enter the country.': {
    de: 'Geben Sie das Land ein.',
    fr: 'Saisissez le pays.',
    it: 'Inserisci il paese.',
  },
  'Quantities start at 1.': {
    de: 'Die Menge beträgt mindestens 1.',
    fr: 'La quantité est d’au moins 1.',
    it: 'La quantità minima è 1.',
  },
  'Quantities are whole numbers.': {
    de: 'Mengen sind ganze Zahlen.',
    fr: 'Les quantités sont des nombres entiers.',
    it: 'Le quantità sono numeri interi.',
  },
  'An order has at most {max} lines.': {
    de: 'Eine Bestellung hat höchstens {max} Positionen.',
    fr: 'Une commande comporte au maximum {max} lignes.',
    it: 'Un ordine ha al massimo {max} righe.',
  },
  'type must be one of {values}.': {
    de: 'type muss einer dieser Werte sein: {values}.',
    fr: 'type doit être l’une de ces valeurs : {values}.',
    it: 'type deve essere uno di questi valori: {values}.',
  },
  'A search has at most {max} characters.': {
    de: 'Eine Suche hat höchstens {max} Zeichen.',
    fr: 'Une recherche comporte au maximum {max} caractères.',
    it: 'Una ricerca ha al massimo {max} caratteri.',
  },
  'sort must be one of {values}.': {
    de: 'sort muss einer dieser Werte sein: {values}.',
    fr: 'sort doit être l’une de ces valeurs : {values}.',
    it: 'sort deve essere uno di questi valori: {values}.',
  },
  '{name} is an amount in CHF such as 49.90.': {
    de: '{name} ist ein Betrag in CHF wie 49.90.',
    fr: '{name} est un montant en CHF, par exemple 49.90.',
    it: '{name} è un importo in CHF, ad esempio 49.90.',
  },
  'min_price must not be above max_price.': {
    de: 'min_price darf nicht über max_price liegen.',
    fr: 'min_price ne doit pas dépasser max_price.',
    it: 'min_price non deve superare max_price.',
  },
  'in_stock is true or false.': {
    de: 'in_stock ist true oder false.',
    fr: 'in_stock vaut true ou false.',
    it: 'in_stock è true o false.',
  },
  'Name a city for pickup_city.': {
    de: 'Geben Sie für pickup_city einen Ort an.',
    fr: 'Indiquez une localité pour pickup_city.',
    it: 'Indica una località per pickup_city.',
  },
  '{name} applies to product searches only.': {
    de: '{name} gilt nur für die Produktsuche.',
    fr: '{name} ne s’applique qu’à la recherche de produits.',
    it: '{name} vale solo per la ricerca di prodotti.',
  },
  'Stores and sellers sort by {sorts}.': {
    de: 'Läden und Verkäufer lassen sich nach {sorts} sortieren.',
    fr: 'Les magasins et les vendeurs se trient par {sorts}.',
    it: 'Negozi e venditori si ordinano per {sorts}.',
  },
  'Enter a latitude.': {
    de: 'Geben Sie einen Breitengrad ein.',
    fr: 'Saisissez une latitude.',
    it: 'Inserisci una latitudine.',
  },
  'Latitude lies between -90 and 90.': {
    de: 'Der Breitengrad liegt zwischen -90 und 90.',
    fr: 'La latitude est comprise entre -90 et 90.',
    it: 'La latitudine è compresa tra -90 e 90.',
  },
  'Enter a longitude.': {
    de: 'Geben Sie einen Längengrad ein.',
    fr: 'Saisissez une longitude.',
    it: 'Inserisci una longitudine.',
  },
  'Longitude lies between -180 and 180.': {
    de: 'Der Längengrad liegt zwischen -180 und 180.',
    fr: 'La longitude est comprise entre -180 et 180.',
    it: 'La longitudine è compresa tra -180 e 180.',
  },
  'Enter the store name.': {
    de: 'Geben Sie den Namen des Ladens ein.',
    fr: 'Saisissez le nom du magasin.',
    it: 'Inserisci il nome del negozio.',
  },
  'A phone number has digits, spaces and + ( ) / . - only.': {
    de: 'Eine Telefonnummer darf nur Ziffern, Leerzeichen und die Zeichen + ( ) / . - enthalten.',
    fr: 'Un numéro de téléphone ne peut contenir que des chiffres, des espaces et les signes + ( ) / . -',
    it: 'Un numero di telefono può contenere solo cifre, spazi e i segni + ( ) / . -',
  },

  // ── zod's own English messages (a schema without a message of its own) ─────────────
  'Invalid input': {
    de: 'Ungültige Eingabe',
    fr: 'Saisie invalide',
    it: 'Valore non valido',
  },
  'Invalid input: expected {expected}, received undefined': {
    de: 'Dieser Wert fehlt ({expected} erwartet)',
    fr: 'Cette valeur manque ({expected} attendu)',
    it: 'Questo valore manca (previsto {expected})',
  },
  'Invalid input: expected {expected}, received {received}': {
    de: 'Ungültige Eingabe: {expected} erwartet, {received} erhalten',
    fr: 'Saisie invalide : {expected} attendu, {received} reçu',
    it: 'Valore non valido: previsto {expected}, ricevuto {received}',
  },
  'Invalid input: expected {expected}': {
    de: 'Ungültige Eingabe: {expected} erwartet',
    fr: 'Saisie invalide : {expected} attendu',
    it: 'Valore non valido: previsto {expected}',
  },
  'Invalid option: expected one of {options}': {
    de: 'Ungültige Auswahl: erlaubt sind {options}',
    fr: 'Option invalide : valeurs possibles {options}',
    it: 'Opzione non valida: valori ammessi {options}',
  },
  'Too big: expected string to have <={max} characters': {
    de: 'Zu lang: höchstens {max} Zeichen',
    fr: 'Trop long : {max} caractères au maximum',
    it: 'Troppo lungo: al massimo {max} caratteri',
  },
  'Too small: expected string to have >={min} characters': {
    de: 'Zu kurz: mindestens {min} Zeichen',
    fr: 'Trop court : au moins {min} caractères',
    it: 'Troppo corto: almeno {min} caratteri',
  },
  'Too big: expected array to have <={max} items': {
    de: 'Zu viele Einträge: höchstens {max}',
    fr: 'Trop d’éléments : {max} au maximum',
    it: 'Troppi elementi: al massimo {max}',
  },
  'Too small: expected array to have >={min} items': {
    de: 'Zu wenige Einträge: mindestens {min}',
    fr: 'Pas assez d’éléments : au moins {min}',
    it: 'Troppo pochi elementi: almeno {min}',
  },
  'Too big: expected number to be <={max}': {
    de: 'Zu gross: höchstens {max}',
    fr: 'Trop grand : {max} au maximum',
    it: 'Troppo grande: al massimo {max}',
  },
  'Too big: expected number to be <{max}': {
    de: 'Zu gross: kleiner als {max} erwartet',
    fr: 'Trop grand : inférieur à {max} attendu',
    it: 'Troppo grande: previsto meno di {max}',
  },
  'Too small: expected number to be >={min}': {
    de: 'Zu klein: mindestens {min}',
    fr: 'Trop petit : au moins {min}',
    it: 'Troppo piccolo: almeno {min}',
  },
  'Too small: expected number to be >{min}': {
    de: 'Zu klein: grösser als {min} erwartet',
    fr: 'Trop petit : supérieur à {min} attendu',
    it: 'Troppo piccolo: previsto più di {min}',
  },
  'Invalid string: must match pattern {pattern}': {
    de: 'Ungültiger Text: muss dem Muster {pattern} entsprechen',
    fr: 'Texte invalide : doit correspondre au motif {pattern}',
    it: 'Testo non valido: deve corrispondere allo schema {pattern}',
  },
  'Invalid email address': {
    de: 'Ungültige E-Mail-Adresse',
    fr: 'Adresse e-mail invalide',
    it: 'Indirizzo e-mail non valido',
  },
  'Invalid URL': {
    de: 'Ungültige URL',
    fr: 'URL invalide',
    it: 'URL non valido',
  },
  'Invalid ISO datetime': {
    de: 'Ungültiger Zeitpunkt (ISO-Format erwartet)',
    fr: 'Date et heure invalides (format ISO attendu)',
    it: 'Data e ora non valide (formato ISO previsto)',
  },
  'Invalid ISO date': {
    de: 'Ungültiges Datum (ISO-Format erwartet)',
    fr: 'Date invalide (format ISO attendu)',
    it: 'Data non valida (formato ISO previsto)',
  },
  'Unrecognized key: {key}': {
    de: 'Unbekanntes Feld: {key}',
    fr: 'Champ inconnu : {key}',
    it: 'Campo sconosciuto: {key}',
  },
  'Unrecognized keys: {keys}': {
    de: 'Unbekannte Felder: {keys}',
    fr: 'Champs inconnus : {keys}',
    it: 'Campi sconosciuti: {keys}',
  },
  // Cancelling and refunding (decisions 156–158).
  'The payment provider refused the refund: it is more than what is left of the payment.': {
    de: 'Der Zahlungsanbieter hat die Rückerstattung abgelehnt: Sie ist höher als der Rest der Zahlung.',
    fr: 'Le prestataire de paiement a refusé le remboursement : il dépasse ce qui reste du paiement.',
    it: 'Il fornitore di pagamento ha rifiutato il rimborso: supera quanto resta del pagamento.',
  },
  'PayPal refused the refund ({issue}). Nothing was refunded and the order is unchanged.': {
    de: 'PayPal hat die Rückerstattung abgelehnt ({issue}). Es wurde nichts zurückerstattet, die Bestellung ist unverändert.',
    fr: 'PayPal a refusé le remboursement ({issue}). Rien n’a été remboursé et la commande est inchangée.',
    it: 'PayPal ha rifiutato il rimborso ({issue}). Non è stato rimborsato nulla e l’ordine è invariato.',
  },
  'A payment for order {id} is in progress. Please try again in a moment.': {
    de: 'Eine Zahlung für Bestellung {id} ist im Gang. Bitte versuchen Sie es gleich nochmals.',
    fr: 'Un paiement de la commande {id} est en cours. Veuillez réessayer dans un instant.',
    it: 'Un pagamento dell’ordine {id} è in corso. Riprova tra un momento.',
  },
  'The amount due for order {id} has changed. Please start the payment again.': {
    de: 'Der zu zahlende Betrag der Bestellung {id} hat sich geändert. Bitte starten Sie die Zahlung erneut.',
    fr: 'Le montant dû pour la commande {id} a changé. Veuillez relancer le paiement.',
    it: 'L’importo dovuto per l’ordine {id} è cambiato. Avvia di nuovo il pagamento.',
  },
  // Staff refund of part of a delivered line (decision 243).
  'Give either a quantity or an amount to refund, not both.': {
    de: 'Geben Sie entweder eine Menge oder einen Betrag für die Rückerstattung an, nicht beides.',
    fr: 'Indiquez soit une quantité, soit un montant à rembourser, pas les deux.',
    it: 'Indica una quantità o un importo da rimborsare, non entrambi.',
  },
  'Order {id} is not paid, so there is nothing to refund.': {
    de: 'Bestellung {id} ist nicht bezahlt, es gibt also nichts zurückzuerstatten.',
    fr: 'La commande {id} n’est pas payée : il n’y a rien à rembourser.',
    it: 'L’ordine {id} non è pagato, quindi non c’è nulla da rimborsare.',
  },
  'Only a delivered line can be refunded here. A seller part that is not sent or picked up yet is cancelled instead.':
    {
      de: 'Hier kann nur eine gelieferte Position zurückerstattet werden. Ein Verkäuferteil, der noch nicht versandt oder abgeholt ist, wird stattdessen storniert.',
      fr: 'Seule une ligne livrée peut être remboursée ici. Une partie vendeur pas encore envoyée ou retirée est annulée à la place.',
      it: 'Qui si può rimborsare solo una riga consegnata. Una parte del venditore non ancora spedita o ritirata va invece annullata.',
    },
  'At most {amount} of this line can still be refunded.': {
    de: 'Von dieser Position können höchstens noch {amount} zurückerstattet werden.',
    fr: 'Au plus {amount} de cette ligne peuvent encore être remboursés.',
    it: 'Di questa riga si possono ancora rimborsare al massimo {amount}.',
  },
  'Order {id} was cancelled and can no longer be paid.': {
    de: 'Bestellung {id} wurde storniert und kann nicht mehr bezahlt werden.',
    fr: 'La commande {id} a été annulée et ne peut plus être payée.',
    it: 'L’ordine {id} è stato annullato e non può più essere pagato.',
  },
  'Order {id} could no longer be honoured when the payment arrived, so the payment of {amount} was refunded in full.':
    {
      de: 'Bestellung {id} konnte beim Eingang der Zahlung nicht mehr ausgeführt werden; die Zahlung von {amount} wurde vollständig zurückerstattet.',
      fr: 'La commande {id} ne pouvait plus être honorée à l’arrivée du paiement ; le paiement de {amount} a été entièrement remboursé.',
      it: 'L’ordine {id} non poteva più essere evaso all’arrivo del pagamento; il pagamento di {amount} è stato rimborsato per intero.',
    },
  'Order {id} has no recorded payment to refund.': {
    de: 'Für Bestellung {id} ist keine Zahlung verbucht, die zurückerstattet werden könnte.',
    fr: 'La commande {id} n’a aucun paiement enregistré à rembourser.',
    it: 'L’ordine {id} non ha alcun pagamento registrato da rimborsare.',
  },
  'Order {id} has expired, so there is nothing to cancel.': {
    de: 'Bestellung {id} ist abgelaufen; es gibt nichts zu stornieren.',
    fr: 'La commande {id} a expiré ; il n’y a rien à annuler.',
    it: 'L’ordine {id} è scaduto; non c’è nulla da annullare.',
  },
  'Part of order {id} has already been sent or picked up, so the order can no longer be cancelled.': {
    de: 'Ein Teil der Bestellung {id} wurde bereits versandt oder abgeholt; die Bestellung kann nicht mehr storniert werden.',
    fr: 'Une partie de la commande {id} a déjà été envoyée ou retirée ; la commande ne peut plus être annulée.',
    it: 'Una parte dell’ordine {id} è già stata spedita o ritirata; l’ordine non può più essere annullato.',
  },
  'A refund for order {id} is in progress. Please try again in a moment.': {
    de: 'Eine Rückerstattung für Bestellung {id} ist im Gang. Bitte versuchen Sie es gleich nochmals.',
    fr: 'Un remboursement de la commande {id} est en cours. Veuillez réessayer dans un instant.',
    it: 'Un rimborso dell’ordine {id} è in corso. Riprova tra un momento.',
  },
  'Order {id} changed meanwhile. Please try again.': {
    de: 'Bestellung {id} hat sich inzwischen geändert. Bitte versuchen Sie es nochmals.',
    fr: 'La commande {id} a changé entre-temps. Veuillez réessayer.',
    it: 'L’ordine {id} è cambiato nel frattempo. Riprova.',
  },
  'Order {id} was cancelled.': {
    de: 'Bestellung {id} wurde storniert.',
    fr: 'La commande {id} a été annulée.',
    it: 'L’ordine {id} è stato annullato.',
  },
  'Items of this seller order have already been sent or picked up, so it can no longer be cancelled.': {
    de: 'Artikel dieser Verkäuferbestellung wurden bereits versandt oder abgeholt; sie kann nicht mehr storniert werden.',
    fr: 'Des articles de cette commande vendeur ont déjà été envoyés ou retirés ; elle ne peut plus être annulée.',
    it: 'Articoli di questo ordine venditore sono già stati spediti o ritirati; non può più essere annullato.',
  },
  'This seller order was cancelled.': {
    de: 'Diese Verkäuferbestellung wurde storniert.',
    fr: 'Cette commande vendeur a été annulée.',
    it: 'Questo ordine venditore è stato annullato.',
  },
  'Tell the customer why you cancel.': {
    de: 'Sagen Sie der Kundschaft, weshalb Sie stornieren.',
    fr: 'Indiquez au client pourquoi vous annulez.',
    it: 'Indica al cliente perché annulli.',
  },
  'Enter a Swiss phone number such as 079 123 45 67, or leave it empty.': {
    de: 'Geben Sie eine Schweizer Telefonnummer wie 079 123 45 67 ein oder lassen Sie das Feld leer.',
    fr: 'Indiquez un numéro de téléphone suisse comme 079 123 45 67, ou laissez le champ vide.',
    it: 'Inserisci un numero di telefono svizzero come 079 123 45 67, oppure lascia il campo vuoto.',
  },
  'A tracking number has at most {max} characters.': {
    de: 'Eine Sendungsnummer hat höchstens {max} Zeichen.',
    fr: 'Un numéro de suivi comporte au plus {max} caractères.',
    it: 'Un numero di tracking ha al massimo {max} caratteri.',
  },
  'A tracking number has {min} to {max} letters and digits (dots, dashes and spaces between them).': {
    de: 'Eine Sendungsnummer hat {min} bis {max} Buchstaben und Ziffern (dazwischen Punkte, Bindestriche und Leerzeichen).',
    fr: 'Un numéro de suivi comporte {min} à {max} lettres et chiffres (points, tirets et espaces entre eux).',
    it: 'Un numero di tracking ha da {min} a {max} lettere e cifre (punti, trattini e spazi tra di esse).',
  },
  'Choose the carrier of this tracking number.': {
    de: 'Wählen Sie den Paketdienst dieser Sendungsnummer.',
    fr: 'Choisissez le transporteur de ce numéro de suivi.',
    it: 'Scegli il corriere di questo numero di tracking.',
  },
  'A reason has at most {max} characters.': {
    de: 'Eine Begründung hat höchstens {max} Zeichen.',
    fr: 'Un motif comporte au plus {max} caractères.',
    it: 'Un motivo ha al massimo {max} caratteri.',
  },
  // ── ledger, payouts, payout account (decisions 225, 226) ────────────────────────────
  'This is not a valid IBAN: check the letters and digits.': {
    de: 'Das ist keine gültige IBAN: Prüfen Sie die Buchstaben und Ziffern.',
    fr: 'Cet IBAN n’est pas valide : vérifiez les lettres et les chiffres.',
    it: 'Questo IBAN non è valido: controlla lettere e cifre.',
  },
  'A QR-IBAN cannot receive payouts: enter the account’s ordinary IBAN.': {
    de: 'Auf eine QR-IBAN kann nicht ausbezahlt werden: Geben Sie die gewöhnliche IBAN des Kontos ein.',
    fr: 'Un QR-IBAN ne peut pas recevoir de versements : saisissez l’IBAN ordinaire du compte.',
    it: 'Un QR-IBAN non può ricevere pagamenti: inserisci l’IBAN ordinario del conto.',
  },
  'Only seller accounts have a payout account.': {
    de: 'Nur Verkäuferkonten haben ein Auszahlungskonto.',
    fr: 'Seuls les comptes vendeur ont un compte de versement.',
    it: 'Solo gli account venditore hanno un conto per i pagamenti.',
  },
  'An IBAN has at most 34 characters.': {
    de: 'Eine IBAN hat höchstens 34 Zeichen.',
    fr: 'Un IBAN comporte au plus 34 caractères.',
    it: 'Un IBAN ha al massimo 34 caratteri.',
  },
  'The account holder has at most 70 characters.': {
    de: 'Der Kontoinhaber hat höchstens 70 Zeichen.',
    fr: 'Le titulaire du compte comporte au plus 70 caractères.',
    it: 'L’intestatario del conto ha al massimo 70 caratteri.',
  },
  'Payout run {id} does not exist.': {
    de: 'Den Auszahlungslauf {id} gibt es nicht.',
    fr: 'Le versement groupé {id} n’existe pas.',
    it: 'Il pagamento cumulativo {id} non esiste.',
  },
  'Statement {id} does not exist.': {
    de: 'Die Abrechnung {id} gibt es nicht.',
    fr: 'Le relevé {id} n’existe pas.',
    it: 'L’estratto {id} non esiste.',
  },
  'Name a seller, a category or both: the platform default is COMMISSION_PERCENT.': {
    de: 'Nennen Sie einen Verkäufer, eine Kategorie oder beides: Der Standard der Plattform ist COMMISSION_PERCENT.',
    fr: 'Indiquez un vendeur, une catégorie ou les deux : le taux par défaut de la plateforme est COMMISSION_PERCENT.',
    it: 'Indica un venditore, una categoria o entrambi: il valore predefinito della piattaforma è COMMISSION_PERCENT.',
  },
  'Account {id} is not a seller: a commission rule names a seller.': {
    de: 'Das Konto {id} ist kein Verkäufer: Eine Provisionsregel nennt einen Verkäufer.',
    fr: 'Le compte {id} n’est pas un vendeur : une règle de commission désigne un vendeur.',
    it: 'L’account {id} non è un venditore: una regola di commissione indica un venditore.',
  },
  'The seller or the category of this rule does not exist.': {
    de: 'Den Verkäufer oder die Kategorie dieser Regel gibt es nicht.',
    fr: 'Le vendeur ou la catégorie de cette règle n’existe pas.',
    it: 'Il venditore o la categoria di questa regola non esiste.',
  },
  'The percent is a number from 0 to 100 with at most two decimals.': {
    de: 'Der Prozentsatz ist eine Zahl von 0 bis 100 mit höchstens zwei Dezimalstellen.',
    fr: 'Le pourcentage est un nombre de 0 à 100 avec au plus deux décimales.',
    it: 'La percentuale è un numero da 0 a 100 con al massimo due decimali.',
  },
  'The fixed fee is an amount in CHF from 0 to 1000 with at most two decimals.': {
    de: 'Die feste Gebühr ist ein Betrag in CHF von 0 bis 1000 mit höchstens zwei Dezimalstellen.',
    fr: 'Les frais fixes sont un montant en CHF de 0 à 1000 avec au plus deux décimales.',
    it: 'La tariffa fissa è un importo in CHF da 0 a 1000 con al massimo due decimali.',
  },
  'Set PLATFORM_IBAN (the account payouts leave from) to create payment files.': {
    de: 'Setzen Sie PLATFORM_IBAN (das Konto, von dem die Auszahlungen abgehen), um Zahlungsdateien zu erstellen.',
    fr: 'Définissez PLATFORM_IBAN (le compte d’où partent les versements) pour créer des fichiers de paiement.',
    it: 'Imposta PLATFORM_IBAN (il conto da cui partono i pagamenti) per creare i file di pagamento.',
  },
  'Invalid number: must be a multiple of {divisor}': {
    de: 'Ungültige Zahl: muss ein Vielfaches von {divisor} sein',
    fr: 'Nombre invalide : doit être un multiple de {divisor}',
    it: 'Numero non valido: deve essere un multiplo di {divisor}',
  },
  // ── modules/payments (issue 27) ─────────────────────────────────────────────────────
  'Send the camt.054 or camt.053 file as the XML body or as the multipart file "file".': {
    de: 'Senden Sie die camt.054- oder camt.053-Datei als XML-Inhalt oder als Multipart-Datei «file».',
    fr: 'Envoyez le fichier camt.054 ou camt.053 comme corps XML ou comme fichier multipart «file».',
    it: 'Invia il file camt.054 o camt.053 come corpo XML o come file multipart «file».',
  },
  'The bank file is larger than 20 MB.': {
    de: 'Die Bankdatei ist grösser als 20 MB.',
    fr: 'Le fichier bancaire dépasse 20 Mo.',
    it: 'Il file bancario supera i 20 MB.',
  },
  'The bank file must not contain a DOCTYPE.': {
    de: 'Die Bankdatei darf keine DOCTYPE-Angabe enthalten.',
    fr: 'Le fichier bancaire ne doit pas contenir de DOCTYPE.',
    it: 'Il file bancario non deve contenere un DOCTYPE.',
  },
  'The bank file is not well-formed XML.': {
    de: 'Die Bankdatei ist kein wohlgeformtes XML.',
    fr: 'Le fichier bancaire n’est pas un XML bien formé.',
    it: 'Il file bancario non è un XML ben formato.',
  },
  'The bank file is neither a camt.054 notification nor a camt.053 statement.': {
    de: 'Die Bankdatei ist weder eine camt.054-Gutschriftsanzeige noch ein camt.053-Kontoauszug.',
    fr: 'Le fichier bancaire n’est ni un avis camt.054 ni un relevé camt.053.',
    it: 'Il file bancario non è né un avviso camt.054 né un estratto conto camt.053.',
  },
  'Invoice payments are not configured on this server.': {
    de: 'Zahlung auf Rechnung ist auf diesem Server nicht eingerichtet.',
    fr: 'Le paiement sur facture n’est pas configuré sur ce serveur.',
    it: 'Il pagamento con fattura non è configurato su questo server.',
  },
  'Enter the IBAN of the account the refund goes to (for example CH93 0076 2011 6238 5295 7).': {
    de: 'Geben Sie die IBAN des Kontos an, auf das die Rückerstattung geht (zum Beispiel CH93 0076 2011 6238 5295 7).',
    fr: 'Indiquez l’IBAN du compte qui recevra le remboursement (par exemple CH93 0076 2011 6238 5295 7).',
    it: 'Indica l’IBAN del conto su cui va il rimborso (per esempio CH93 0076 2011 6238 5295 7).',
  },
  'Enter the account holder’s name (at most 70 characters).': {
    de: 'Geben Sie den Namen der Kontoinhaberin oder des Kontoinhabers an (höchstens 70 Zeichen).',
    fr: 'Indiquez le nom du titulaire du compte (70 caractères au plus).',
    it: 'Indica il nome del titolare del conto (al massimo 70 caratteri).',
  },
  'A refund is more than CHF 0.': {
    de: 'Eine Rückerstattung beträgt mehr als CHF 0.',
    fr: 'Un remboursement est supérieur à CHF 0.',
    it: 'Un rimborso è superiore a CHF 0.',
  },
  'Refund {key} was asked for before with another amount.': {
    de: 'Die Rückerstattung {key} wurde schon mit einem anderen Betrag verlangt.',
    fr: 'Le remboursement {key} a déjà été demandé avec un autre montant.',
    it: 'Il rimborso {key} è già stato chiesto con un altro importo.',
  },
  'Order {id} received CHF {paid} by bank, of which CHF {refunded} is refunded already: the refund cannot be larger than what is left.':
    {
      de: 'Für die Bestellung {id} gingen CHF {paid} per Bank ein, davon sind CHF {refunded} bereits zurückerstattet: Die Rückerstattung kann nicht grösser sein als der Rest.',
      fr: 'La commande {id} a reçu CHF {paid} par banque, dont CHF {refunded} déjà remboursés : le remboursement ne peut pas dépasser le solde.',
      it: 'Per l’ordine {id} sono arrivati CHF {paid} via banca, di cui CHF {refunded} già rimborsati: il rimborso non può superare il resto.',
    },
  'Bank refund {id} was not found.': {
    de: 'Die Bankrückerstattung {id} wurde nicht gefunden.',
    fr: 'Le remboursement bancaire {id} est introuvable.',
    it: 'Il rimborso bancario {id} non è stato trovato.',
  },
  'The webhook signature is not valid.': {
    de: 'Die Signatur des Webhooks ist ungültig.',
    fr: 'La signature du webhook n’est pas valide.',
    it: 'La firma del webhook non è valida.',
  },
  'The webhook names no transaction.': {
    de: 'Der Webhook nennt keine Transaktion.',
    fr: 'Le webhook n’indique aucune transaction.',
    it: 'Il webhook non indica alcuna transazione.',
  },
  'TWINT could not be reached. Please try again in a moment.': {
    de: 'TWINT ist nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    fr: 'TWINT est injoignable. Veuillez réessayer dans un instant.',
    it: 'TWINT non è raggiungibile. Riprova tra un momento.',
  },
  'TWINT is not answering right now. Please try again in a moment.': {
    de: 'TWINT antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
    fr: 'TWINT ne répond pas pour le moment. Veuillez réessayer dans un instant.',
    it: 'TWINT al momento non risponde. Riprova tra un momento.',
  },
  'TWINT did not accept the payment request.': {
    de: 'TWINT hat die Zahlungsanfrage nicht angenommen.',
    fr: 'TWINT n’a pas accepté la demande de paiement.',
    it: 'TWINT non ha accettato la richiesta di pagamento.',
  },
  'TWINT does not know the payment {transactionId}.': {
    de: 'TWINT kennt die Zahlung {transactionId} nicht.',
    fr: 'TWINT ne connaît pas le paiement {transactionId}.',
    it: 'TWINT non conosce il pagamento {transactionId}.',
  },
  'TWINT could not confirm the payment. Please try again.': {
    de: 'TWINT konnte die Zahlung nicht bestätigen. Bitte versuchen Sie es noch einmal.',
    fr: 'TWINT n’a pas pu confirmer le paiement. Veuillez réessayer.',
    it: 'TWINT non ha potuto confermare il pagamento. Riprova.',
  },
  'TWINT could not take the payment. Nothing was charged; please try again.': {
    de: 'TWINT konnte die Zahlung nicht ausführen. Es wurde nichts belastet; bitte versuchen Sie es noch einmal.',
    fr: 'TWINT n’a pas pu encaisser le paiement. Rien n’a été débité ; veuillez réessayer.',
    it: 'TWINT non ha potuto incassare il pagamento. Non è stato addebitato nulla; riprova.',
  },
  'TWINT refused to release the payment. Nothing was charged.': {
    de: 'TWINT hat die Freigabe der Zahlung abgelehnt. Es wurde nichts belastet.',
    fr: 'TWINT a refusé de libérer le paiement. Rien n’a été débité.',
    it: 'TWINT ha rifiutato di liberare il pagamento. Non è stato addebitato nulla.',
  },
  'TWINT refused the refund ({code}). Nothing was refunded and the order is unchanged.': {
    de: 'TWINT hat die Rückerstattung abgelehnt ({code}). Es wurde nichts zurückerstattet, die Bestellung ist unverändert.',
    fr: 'TWINT a refusé le remboursement ({code}). Rien n’a été remboursé et la commande est inchangée.',
    it: 'TWINT ha rifiutato il rimborso ({code}). Non è stato rimborsato nulla e l’ordine è invariato.',
  },
  'TWINT payment {transactionId} does not belong to order {id}.': {
    de: 'Die TWINT-Zahlung {transactionId} gehört nicht zur Bestellung {id}.',
    fr: 'Le paiement TWINT {transactionId} n’appartient pas à la commande {id}.',
    it: 'Il pagamento TWINT {transactionId} non appartiene all’ordine {id}.',
  },
  'TWINT authorised a different amount than the order total of order {id}. Nothing was charged.': {
    de: 'TWINT hat einen anderen Betrag als das Total der Bestellung {id} autorisiert. Es wurde nichts belastet.',
    fr: 'TWINT a autorisé un autre montant que le total de la commande {id}. Rien n’a été débité.',
    it: 'TWINT ha autorizzato un importo diverso dal totale dell’ordine {id}. Non è stato addebitato nulla.',
  },
  'TWINT took a different amount than the order total of order {id}. The order is not marked as paid.': {
    de: 'TWINT hat einen anderen Betrag als das Total der Bestellung {id} belastet. Die Bestellung wird nicht als bezahlt markiert.',
    fr: 'TWINT a encaissé un autre montant que le total de la commande {id}. La commande n’est pas marquée comme payée.',
    it: 'TWINT ha incassato un importo diverso dal totale dell’ordine {id}. L’ordine non è segnato come pagato.',
  },
  ...STAFF_MESSAGES,
  ...ACCOUNT_EMAIL_MESSAGES,
  // Titles and descriptions of the server-rendered pages (modules/pages/texts.ts).
  'Marktgasse — the Swiss marketplace': {
    de: 'Marktgasse — der Schweizer Marktplatz',
    fr: 'Marktgasse — la place de marché suisse',
    it: 'Marktgasse — il mercato svizzero',
  },
  'Page {page}': { de: 'Seite {page}', fr: 'page {page}', it: 'pagina {page}' },
  'Swiss shops, one cart: order online or reserve for pick-up in the store, paid in CHF.': {
    de: 'Schweizer Läden, ein Warenkorb: online bestellen oder zur Abholung im Laden reservieren, bezahlt in CHF.',
    fr: 'Des magasins suisses, un seul panier : commandez en ligne ou réservez pour retrait en magasin, payé en CHF.',
    it: 'Negozi svizzeri, un solo carrello: ordina online o prenota per il ritiro in negozio, pagato in CHF.',
  },
  '{category} from Swiss shops': {
    de: '{category} aus Schweizer Läden',
    fr: '{category} de magasins suisses',
    it: '{category} da negozi svizzeri',
  },
  'Products in {category} from Swiss shops: order online or reserve for pick-up, paid in CHF.': {
    de: 'Produkte in {category} aus Schweizer Läden: online bestellen oder zur Abholung reservieren, bezahlt in CHF.',
    fr: 'Produits dans {category} de magasins suisses : commandez en ligne ou réservez pour retrait, payé en CHF.',
    it: 'Prodotti in {category} da negozi svizzeri: ordina online o prenota per il ritiro, pagato in CHF.',
  },
  '{name} from {seller} for {price}. {availability}': {
    de: '{name} von {seller} für {price}. {availability}',
    fr: '{name} de {seller} pour {price}. {availability}',
    it: '{name} da {seller} a {price}. {availability}',
  },
  'In stock.': { de: 'An Lager.', fr: 'En stock.', it: 'Disponibile.' },
  'Out of stock.': { de: 'Nicht an Lager.', fr: 'En rupture de stock.', it: 'Esaurito.' },
  Sellers: { de: 'Verkäufer', fr: 'Vendeurs', it: 'Venditori' },
  'Every seller on Marktgasse: Swiss shops with their products and stores.': {
    de: 'Alle Verkäufer auf Marktgasse: Schweizer Läden mit ihren Produkten und Filialen.',
    fr: 'Tous les vendeurs de Marktgasse : des magasins suisses avec leurs produits et leurs points de vente.',
    it: 'Tutti i venditori su Marktgasse: negozi svizzeri con i loro prodotti e punti vendita.',
  },
  'Products and stores of {name} on Marktgasse.': {
    de: 'Produkte und Läden von {name} auf Marktgasse.',
    fr: 'Produits et magasins de {name} sur Marktgasse.',
    it: 'Prodotti e negozi di {name} su Marktgasse.',
  },
  'Find a store': { de: 'Laden finden', fr: 'Trouver un magasin', it: 'Trova un negozio' },
  'Shops across Switzerland on the map, with what they have in stock for pick-up.': {
    de: 'Läden in der ganzen Schweiz auf der Karte, mit dem, was sie zur Abholung an Lager haben.',
    fr: 'Des magasins de toute la Suisse sur la carte, avec ce qu’ils ont en stock pour le retrait.',
    it: 'Negozi in tutta la Svizzera sulla mappa, con ciò che hanno disponibile per il ritiro.',
  },
  'Page not found': { de: 'Seite nicht gefunden', fr: 'Page introuvable', it: 'Pagina non trovata' },
  'Search results for “{term}”': {
    de: 'Suchergebnisse für «{term}»',
    fr: 'Résultats de recherche pour « {term} »',
    it: 'Risultati della ricerca per «{term}»',
  },
  'Products from Swiss shops matching “{term}”: order online or reserve for pick-up, paid in CHF.': {
    de: 'Produkte aus Schweizer Läden zu «{term}»: online bestellen oder zur Abholung reservieren, bezahlt in CHF.',
    fr: 'Produits de magasins suisses pour « {term} » : commandez en ligne ou réservez pour retrait, payé en CHF.',
    it: 'Prodotti da negozi svizzeri per «{term}»: ordina online o prenota per il ritiro, pagato in CHF.',
  },
};

/**
 * Source messages whose English changes in more than the placeholders (plural, a noun passed
 * in): the source template → the catalogue entries that cover every sentence it produces.
 */
export const VARIANTS: Record<string, string[]> = {
  'Your account has {count} paid seller order{s} that {verb} not completed yet. Complete them before deleting the account.':
    [
      'Your account has 1 paid seller order that is not completed yet. Complete them before deleting the account.',
      'Your account has {count} paid seller orders that are not completed yet. Complete them before deleting the account.',
    ],
  'Choose a {what}.': ['Choose a category.', 'Choose a subcategory.', 'Choose a store.', 'Choose a product.'],
  '"{value}" is not a valid {what} id.': Object.keys(ID_KINDS).map(
    (kind) => `"{value}" is not a valid ${kind} id.`,
  ),
};
