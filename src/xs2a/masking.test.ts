import { describe, expect, it } from 'vitest';
import {
  looksLikePersonalName,
  maskAccountName,
  maskAccountNumber,
  maskBankData,
  maskCounterpartyName,
  maskIban,
  maskIbansInText,
  maskPersonalDataInText,
  shortenName,
} from './masking';

describe('maskIban', () => {
  it('keeps the country, check digits and last four characters', () => {
    expect(maskIban('DE16100100000000000001')).toBe('DE16 •••• •••• 0001');
    expect(maskIban('DE16 1001 0000 0000 0000 01')).toBe('DE16 •••• •••• 0001');
    expect(maskIban('NL91ABNA0417164300')).toBe('NL91 •••• •••• 4300');
  });
  it('never shows a short value whole', () => {
    expect(maskIban('12345678')).toBe('•••• 78');
    expect(maskIban('')).toBe('');
  });
});

describe('maskAccountNumber', () => {
  it('leaves masked PANs alone and masks the rest', () => {
    expect(maskAccountNumber('525412******3241')).toBe('525412******3241');
    expect(maskAccountNumber('DE16100100000000000001')).toBe('DE16 •••• •••• 0001');
  });
});

describe('shortenName', () => {
  it('shortens personal names', () => {
    expect(shortenName('Alice Schmidt')).toBe('Alice S.');
    expect(shortenName('  Carol Ann   Miller ')).toBe('Carol M.');
    expect(shortenName('Alice')).toBe('A.');
  });
  it('keeps company names', () => {
    expect(shortenName('Stadtwerke Berlin GmbH')).toBe('Stadtwerke Berlin GmbH');
  });
});

describe('maskIbansInText', () => {
  it('masks IBANs inside free text', () => {
    expect(maskIbansInText('Refund to DE16100100000000000001 please')).toBe('Refund to DE16 •••• •••• 0001 please');
  });
});

describe('maskBankData', () => {
  it('masks account numbers and shortens personal names anywhere in a body, keeping its shape', () => {
    const body = {
      creditorName: 'Bob Laurent',
      creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
      debtorAccount: { bban: '370400440532013000' },
      remittanceInformationUnstructured: 'Invoice DE89 3704 0044 0532 0130 00 paid',
      ownerNames: [{ name: 'Alice Schneider', role: 'owner' }],
      psuName: 'Carol Jensen',
      transactionStatus: 'ACSC',
      instructedAmount: { currency: 'EUR', amount: '12.50' },
      accounts: [{ iban: 'DE16100100000000000001', name: 'Girokonto', ownerName: 'Dave Okafor' }],
    };
    expect(maskBankData(body)).toEqual({
      creditorName: 'Bob L.',
      creditorAccount: { iban: 'DE89 •••• •••• 3000', currency: 'EUR' },
      debtorAccount: { bban: '3704 •••• •••• 3000' },
      remittanceInformationUnstructured: 'Invoice DE89 •••• •••• 3000 paid',
      ownerNames: [{ name: 'Alice S.', role: 'owner' }],
      psuName: 'Carol J.',
      transactionStatus: 'ACSC',
      instructedAmount: { currency: 'EUR', amount: '12.50' },
      accounts: [{ iban: 'DE16 •••• •••• 0001', name: 'Girokonto', ownerName: 'Dave O.' }],
    });
  });
  it('masks a funds check’s card number and a payee who is a person, and keeps a merchant’s name', () => {
    const check = {
      cardNumber: '5312345678901234',
      account: { iban: 'DE89370400440532013000' },
      instructedAmount: { currency: 'EUR', amount: '12.50' },
    };
    expect(maskBankData({ ...check, payee: 'Bob Laurent' })).toEqual({
      cardNumber: '5312 •••• •••• 1234',
      account: { iban: 'DE89 •••• •••• 3000' },
      instructedAmount: { currency: 'EUR', amount: '12.50' },
      payee: 'Bob L.',
    });
    expect(maskBankData({ payee: 'Kiosk am Markt GmbH' })).toEqual({ payee: 'Kiosk am Markt GmbH' });
  });
  it('masks the account lists of a consent and leaves odd values as they are', () => {
    expect(maskBankData({ access: { ownerName: [{ iban: 'DE16100100000000000001' }] } })).toEqual({
      access: { ownerName: [{ iban: 'DE16 •••• •••• 0001' }] },
    });
    expect(maskBankData({ creditorName: 42, iban: null, list: [null, true] })).toEqual({
      creditorName: 42,
      iban: null,
      list: [null, true],
    });
    expect(maskBankData('raw DE16100100000000000001')).toBe('raw DE16 •••• •••• 0001');
    expect(maskBankData(undefined)).toBeUndefined();
  });
});

describe('account names in presenter mode', () => {
  it.each([
    ['Alice Schmidt', true],
    ['Jean-Luc de la Croix', true],
    ["Siobhan O'Neill", true],
    ['Main account', false],
    ['Main Account', false],
    ['Girokonto', false],
    ['Savings Plus', false],
    ['Joint Account Alice', false],
    ['EUR 2', false],
    ['Bäckerei Muster GmbH', false],
    ['SMS OTP', false],
    ['Alice', false],
  ])('%s reads like a person’s name: %s', (name, personal) => {
    expect(looksLikePersonalName(name)).toBe(personal);
    expect(maskAccountName(name)).toBe(personal ? shortenName(name) : name);
  });

  it('shortens a personal account name in a bank body and keeps product names and SCA method names', () => {
    const body = {
      accounts: [
        { iban: 'DE89370400440532013000', name: 'Alice Schmidt', product: 'Girokonto' },
        { iban: 'DE16500105170000000001', name: 'Main account' },
      ],
      scaMethods: [{ authenticationMethodId: 'sms', name: 'SMS OTP' }],
    };
    expect(maskBankData(body)).toEqual({
      accounts: [
        { iban: 'DE89 •••• •••• 3000', name: 'Alice S.', product: 'Girokonto' },
        { iban: 'DE16 •••• •••• 0001', name: 'Main account' },
      ],
      scaMethods: [{ authenticationMethodId: 'sms', name: 'SMS OTP' }],
    });
  });
});

describe('maskPersonalDataInText', () => {
  it('masks IBANs and shortens what reads like a person’s name, and leaves other capitalised words', () => {
    expect(maskPersonalDataInText('Alice Schmidt sent DE89370400440532013000 to Jean-Luc de la Croix')).toBe(
      'Alice S. sent DE89 •••• •••• 3000 to Jean-Luc C.',
    );
    expect(maskPersonalDataInText('The Main Account of Bäckerei Muster GmbH, via XS2A 1.3.12')).toBe(
      'The Main Account of Bäckerei Muster GmbH, via XS2A 1.3.12',
    );
  });
});

describe('people, not businesses', () => {
  it.each([
    ['Rossmann', 'Rossmann'],
    ['LIDL', 'LIDL'],
    ['NETFLIX.COM', 'NETFLIX.COM'],
    ['Curry 36', 'Curry 36'],
    ['Kiosk Am Markt', 'Kiosk Am Markt'],
    ['Boulangerie Eric', 'Boulangerie Eric'],
    ['Café Einstein', 'Café Einstein'],
    ['Bäckerei Muster GmbH', 'Bäckerei Muster GmbH'],
    ['Stadtwerke München', 'Stadtwerke München'],
    ['Deutsche Bahn AG', 'Deutsche Bahn AG'],
    ['Spotify AB', 'Spotify AB'],
    ['Amazon EU S.a.r.l.', 'Amazon EU S.a.r.l.'],
    ['Acme Ltd', 'Acme Ltd'],
    ['Bob Laurent', 'Bob L.'],
    ['Alice Schneider', 'Alice S.'],
    ['Jean-Luc de la Croix', 'Jean-Luc C.'],
    ['Ludwig van Beethoven', 'Ludwig B.'],
    ['Anna-Lena Müller-Lüdenscheidt', 'Anna-Lena M.'],
    ["Mary O'Brien", 'Mary O.'],
    ['Dr. Hans Meier', 'Dr. Hans M.'],
  ])('a counterparty named %j is shown as %j', (name, shown) => {
    expect(maskCounterpartyName(name)).toBe(shown);
    expect(maskBankData({ creditorName: name })).toEqual({ creditorName: shown });
  });

  it('the holder and the PSU are people, even with one word', () => {
    expect(maskBankData({ ownerName: 'Alice', psuName: 'Carol Jensen' })).toEqual({
      ownerName: 'A.',
      psuName: 'Carol J.',
    });
  });

  it.each([
    ['Miete Wilhelm-Kuhr-Str. 12, Whg. 3.OG links', 'Miete [address]'],
    ['Lieferung an Hauptstraße 5a; Danke', 'Lieferung an [address]; Danke'],
    ['Deliver to 221 Baker Street', 'Deliver to [address]'],
    ['Deliver to 221B Baker Street, London NW1 6XE', 'Deliver to [address]'],
    ['Ship to Baker Street 221, London NW1', 'Ship to [address]'],
    ['Loyer 12 rue de Rivoli', 'Loyer [address]'],
    ['Order 12 items', 'Order 12 items'],
    ['Payment 3 of 12 Street Food Festival', 'Payment 3 of 12 Street Food Festival'],
    ['Loyer rue de Rivoli 12, Paris', 'Loyer [address]'],
    ['Invoice 4711 via XS2A 1.3.12', 'Invoice 4711 via XS2A 1.3.12'],
  ])('a remittance %j reads %j', (text, shown) => {
    expect(maskPersonalDataInText(text)).toBe(shown);
  });
});

describe('presenter mode’s masking of bulk and card bodies', () => {
  it('a bulk: every payment’s creditor account masked and each person’s name shortened, last name first too', () => {
    const bulk = {
      batchBookingPreferred: true,
      debtorAccount: { iban: 'DE16990100000010010001' },
      payments: [
        ['Boulangerie Exemple', 'DE49990100000020020001'],
        ['Brandt, Erik', 'DE02990100000090090001'],
        ['Jean-Luc de la Croix', 'FR1420041010050500013M02606'],
        ['Kaffee Handel GmbH', 'DE02100100109307118603'],
      ].map(([creditorName = '', iban]) => ({
        instructedAmount: { currency: 'EUR', amount: '1.00' },
        creditorAccount: { iban },
        creditorName,
        remittanceInformationUnstructured: `For ${creditorName.includes(',') ? 'Erik Brandt' : creditorName} at ${iban}`,
      })),
      transactionStatus: 'PART',
      tppMessage: [{ category: 'WARNING', code: 'PAYMENT_FAILED', path: 'payments[1]', text: 'Paid to Erik Brandt' }],
    };
    const shown = maskBankData(bulk) as typeof bulk;
    expect(shown.debtorAccount.iban).toBe('DE16 •••• •••• 0001');
    expect(shown.payments.map((payment) => payment.creditorAccount.iban)).toEqual([
      'DE49 •••• •••• 0001',
      'DE02 •••• •••• 0001',
      'FR14 •••• •••• 2606',
      'DE02 •••• •••• 8603',
    ]);
    expect(shown.payments.map((payment) => payment.creditorName)).toEqual([
      'Boulangerie Exemple',
      'Erik B.',
      'Jean-Luc C.',
      'Kaffee Handel GmbH',
    ]);
    const text = JSON.stringify(shown);
    for (const whole of ['Brandt', 'Croix', '0090090001', '20041010050500013']) expect(text).not.toContain(whole);
    expect(shown.tppMessage[0]?.text).toBe('Paid to Erik B.');
    expect(shown.payments).toHaveLength(4);
  });

  it('a card: the masked PAN stays as masked as it came, the cardholder’s name shortened, merchants kept', () => {
    const cards = {
      cardAccounts: [
        {
          resourceId: 'card-1',
          maskedPan: '453998******4711',
          currency: 'EUR',
          ownerName: 'Alice Schneider',
          displayName: 'Alice Schneider',
          name: 'Visa Kreditkarte',
          creditLimit: { currency: 'EUR', amount: '3000.00' },
        },
        { resourceId: 'card-2', maskedPan: '525412xxxxxx3241', currency: 'EUR', ownerName: 'Schneider, Alice' },
        { resourceId: 'card-3', pan: '4539981234564711', currency: 'EUR' },
      ],
    };
    const shown = maskBankData(cards) as { cardAccounts: Record<string, unknown>[] };
    expect(shown.cardAccounts[0]).toMatchObject({
      maskedPan: '453998******4711',
      ownerName: 'Alice S.',
      displayName: 'Alice S.',
      name: 'Visa Kreditkarte',
    });
    // Masked another way (lower-case x): masked again, never shown more of.
    expect(shown.cardAccounts[1]).toMatchObject({ maskedPan: '5254 •••• •••• 3241', ownerName: 'Alice S.' });
    expect(shown.cardAccounts[2]?.pan).toBe('4539 •••• •••• 4711');
    const report = maskBankData({
      cardAccount: { maskedPan: '453998******4711' },
      cardTransactions: {
        booked: [
          {
            maskedPAN: '453998******4711',
            transactionAmount: { currency: 'EUR', amount: '-4.20' },
            transactionDetails: 'Kiosk Am Markt, card of Alice Schneider',
            cardAcceptorAddress: { townName: 'Berlin', country: 'DE' },
          },
        ],
      },
    });
    expect(JSON.stringify(report)).not.toContain('Schneider');
    expect(JSON.stringify(report)).toContain('453998******4711');
    expect(JSON.stringify(report)).toContain('Kiosk Am Markt');
  });
});

describe('a pain.001 document in presenter mode', () => {
  const document = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn>',
    '<PmtInf><Dbtr><Nm>Alice Schneider</Nm><PstlAdr><AdrLine>Wilhelm-Kuhr-Str. 12, Whg. 3.OG links</AdrLine></PstlAdr></Dbtr>',
    '<DbtrAcct><Id><IBAN>DE16990100000010010001</IBAN></Id></DbtrAcct>',
    '<CdtTrfTxInf><Amt><InstdAmt Ccy="EUR">12.50</InstdAmt></Amt><Cdtr><Nm>Bob Laurent</Nm></Cdtr>',
    '<CdtrAcct><Id><IBAN>DE02100100109307118603</IBAN></Id></CdtrAcct>',
    '<RmtInf><Ustrd>Rent for Jean-Luc de la Croix</Ustrd></RmtInf></CdtTrfTxInf>',
    '<CdtTrfTxInf><Cdtr><Nm>Kiosk am Markt GmbH</Nm></Cdtr><!-- for Carol Jensen --></CdtTrfTxInf>',
    '<CdtTrfTxInf><RmtInf><Ustrd><![CDATA[Bob Laurent <DE02100100109307118603>]]></Ustrd></RmtInf></CdtTrfTxInf>',
    '<Note who="Dave Okafor" />',
    '</PmtInf></CstmrCdtTrfInitn></Document>',
  ].join('\n');

  it('masks every text, attribute, comment and CDATA section and keeps the markup whole', () => {
    const masked = maskBankData(document) as string;
    for (const full of [
      'Alice Schneider',
      'Bob Laurent',
      'Carol Jensen',
      'Dave Okafor',
      'de la Croix',
      'Wilhelm-Kuhr',
      'DE16990100000010010001',
      'DE02100100109307118603',
    ]) {
      expect(masked).not.toContain(full);
    }
    expect(masked).toContain('<Nm>Alice S.</Nm>');
    expect(masked).toContain('<AdrLine>[address]</AdrLine></PstlAdr></Dbtr>');
    // The elements after an address stay: the debtor's account is there, masked.
    expect(masked).toContain('<DbtrAcct><Id><IBAN>DE16 •••• •••• 0001</IBAN></Id></DbtrAcct>');
    expect(masked).toContain('<Nm>Kiosk am Markt GmbH</Nm>');
    expect(masked).toContain('<InstdAmt Ccy="EUR">12.50</InstdAmt>');
    const elements = (text: string) => [...text.matchAll(/<\/?([A-Za-z]+)/g)].map((match) => match[0]);
    expect(elements(masked)).toEqual(elements(document));
  });
});
