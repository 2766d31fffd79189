export * from './survey-offers.ts';
