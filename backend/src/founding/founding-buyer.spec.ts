import { unsetBuyerFields } from './founding-buyer.js';

describe('unsetBuyerFields', () => {
  const buyer = { first_name: 'Ada', last_name: 'Lovelace', phone: '(555) 123-4567' };

  it('fills every field of a person who has set none', () => {
    expect(unsetBuyerFields({ first_name: '', last_name: '', phone: null }, buyer)).toEqual(buyer);
  });

  it('never overwrites a name or phone the person set themselves', () => {
    expect(
      unsetBuyerFields({ first_name: 'Grace', last_name: ' ', phone: '(555) 000-0000' }, buyer),
    ).toEqual({ last_name: 'Lovelace' });
  });

  it('writes nothing from a reservation without details', () => {
    expect(
      unsetBuyerFields(
        { first_name: '', last_name: '', phone: null },
        { first_name: null, last_name: null, phone: null },
      ),
    ).toEqual({});
  });
});
