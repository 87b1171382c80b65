export default ['features/projects', 'features/forecast', 'features/predictive'];
