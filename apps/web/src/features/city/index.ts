export { CityArea } from './components/city-area.tsx';
export { CityHomePage } from './components/city-home-page.tsx';
