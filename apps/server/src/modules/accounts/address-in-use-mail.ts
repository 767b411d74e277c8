/**
 * The notice to an address that a new registration named as its own (decision 146), in four
 * languages (the mail module's templates, decision 272): in the registration request's
 * language, the best guess for the address's owner, who is often the one registering.
 */
import { defineMail } from '../mail/template.ts';

export const addressInUseMail = defineMail<{ newUsername: string }>({
  en: (f) => ({
    subject: 'Marktgasse: a new account was registered with your e-mail address',
    body:
      `someone just registered the Marktgasse account "${f.newUsername}" with this e-mail address,\n` +
      'which already belongs to a Marktgasse account.\n\n' +
      'If that was you, there is nothing to do: you now have two accounts. If it was not you,\n' +
      'your existing account is unchanged and you may ignore this message; orders of the new\n' +
      'account would still send their confirmations here, so tell us if you receive any.',
  }),
  de: (f) => ({
    subject: 'Marktgasse: Mit Ihrer E-Mail-Adresse wurde ein neues Konto registriert',
    body:
      `Soeben wurde das Marktgasse-Konto «${f.newUsername}» mit dieser E-Mail-Adresse registriert,\n` +
      'die bereits zu einem Marktgasse-Konto gehört.\n\n' +
      'Waren Sie das, ist nichts zu tun: Sie haben nun zwei Konten. Waren Sie es nicht, bleibt Ihr\n' +
      'bestehendes Konto unverändert und Sie können diese Nachricht ignorieren; Bestellungen des neuen\n' +
      'Kontos würden ihre Bestätigungen aber hierher senden – melden Sie sich, wenn Sie welche erhalten.',
  }),
  fr: (f) => ({
    subject: 'Marktgasse : un nouveau compte a été créé avec votre adresse e-mail',
    body:
      `quelqu’un vient de créer le compte Marktgasse « ${f.newUsername} » avec cette adresse e-mail,\n` +
      'qui appartient déjà à un compte Marktgasse.\n\n' +
      'Si c’était vous, il n’y a rien à faire : vous avez maintenant deux comptes. Sinon, votre compte\n' +
      'existant est inchangé et vous pouvez ignorer ce message ; les commandes du nouveau compte\n' +
      'enverraient toutefois leurs confirmations ici, alors signalez-nous si vous en recevez.',
  }),
  it: (f) => ({
    subject: 'Marktgasse: è stato registrato un nuovo account con il tuo indirizzo e-mail',
    body:
      `qualcuno ha appena registrato l’account Marktgasse «${f.newUsername}» con questo indirizzo e-mail,\n` +
      'che appartiene già a un account Marktgasse.\n\n' +
      'Se sei stato tu, non devi fare nulla: ora hai due account. Altrimenti il tuo account esistente\n' +
      'resta invariato e puoi ignorare questo messaggio; gli ordini del nuovo account invierebbero però\n' +
      'le loro conferme qui, quindi avvisaci se ne ricevi.',
  }),
});
