// en-US messages: money.

export const money = {
  total: 'Total ≈ {amount}',
  totalLabel: 'Total balance in yuan',
  ratesUsed: 'Rates used:',
  rateSitePrice: '{symbol} at ¥{rate} per US$ (site price)',
  rateUser: '{symbol} at ¥{rate} per US$ (your rate)',
  rateYuan: '{label}: shown in yuan',
  excluded: 'Left out (no yuan rate known): {labels}',
  noneKnown: 'No balance known yet.',
  noneCounted: 'No balance with a known yuan rate yet.',
  unknownCount: '{n} unknown',
  unknownList: 'Balance unknown, not added (never as zero): {labels}',
  perDay: '≈ {amount}/day',
  daysLeft: '≈ {n} days left',
  noSpendRate: 'Spend rate: not enough history yet',
  withoutRate: '{n} account(s) without a spend rate yet are outside the rate and days left',
  specCurrency: 'The site does not say its currency: shown as ¥ at 500,000 units = ¥1.',
  siteCurrency: 'Shown as the site’s console shows it ({currency}).',
  rounded: 'Rounded to the nearest whole unit.',
  tokens: 'tokens',
};
