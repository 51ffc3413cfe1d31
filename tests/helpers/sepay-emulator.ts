// Stands in for SePay (the bank-notification service) in tests: posts each incoming or outgoing
// transfer to the center's webhook the way SePay does (`Authorization: Apikey <key>`, its JSON
// shape: id, gateway, transactionDate, accountNumber, code, content, transferType, transferAmount,
// accumulated, subAccount, referenceCode, description), and delivers a transfer again on demand, as
// SePay retries when it gets no 2xx.

export interface SepayTransfer {
  id: number;
  gateway: string;
  transactionDate: string;
  accountNumber: string;
  code: string | null;
  content: string;
  transferType: 'in' | 'out';
  transferAmount: number;
  accumulated: number;
  subAccount: string | null;
  referenceCode: string | null;
  description: string;
}

export interface Delivery {
  status: number;
  body: any;
}

export class SepayEmulator {
  #nextId = 92_700;
  #balance = 10_000_000;
  readonly sent: SepayTransfer[] = [];

  readonly webhookUrl: string;
  apiKey: string | null;
  readonly accountNumber: string;

  constructor(webhookUrl: string, apiKey: string | null, accountNumber = '0071000123456') {
    this.webhookUrl = webhookUrl;
    this.apiKey = apiKey;
    this.accountNumber = accountNumber;
  }

  /** A new transfer on the account, delivered once. */
  async transfer(fields: {
    amount: number;
    content: string;
    type?: 'in' | 'out';
    /** 'YYYY-MM-DD HH:mm:ss', the bank's local time. */
    at?: string;
    reference?: string | null;
  }): Promise<Delivery & { transfer: SepayTransfer }> {
    const id = this.#nextId++;
    const type = fields.type ?? 'in';
    this.#balance += type === 'in' ? fields.amount : -fields.amount;
    const transfer: SepayTransfer = {
      id,
      gateway: 'Vietcombank',
      transactionDate: fields.at ?? '2030-04-02 09:15:00',
      accountNumber: this.accountNumber,
      code: null,
      content: fields.content,
      transferType: type,
      transferAmount: fields.amount,
      accumulated: this.#balance,
      subAccount: null,
      referenceCode: fields.reference === undefined ? `FT30092${id}` : fields.reference,
      description: `BankAPINotify ${fields.content}`,
    };
    this.sent.push(transfer);
    return { ...(await this.deliver(transfer)), transfer };
  }

  /** Sends a transfer (again), as SePay's retry does. */
  async deliver(transfer: SepayTransfer, apiKey = this.apiKey): Promise<Delivery> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (apiKey !== null) headers.authorization = `Apikey ${apiKey}`;
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify(transfer),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
}
